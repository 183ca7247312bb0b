// Vitest for the example suite only: node environment, one file at a time is plenty.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'node', include: ['**/*.test.js'], testTimeout: 30000, hookTimeout: 30000 },
});
