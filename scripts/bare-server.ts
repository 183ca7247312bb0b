/**
 * The reference of the start and idle-memory rows of `npm run bench` (issue 14): a bare
 * `node:http` server started the same way as Strata (`node FILE --port N`), answering every
 * request with a small JSON body.
 */
import { createServer } from 'node:http';

const i = process.argv.indexOf('--port');
const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
createServer((_req, res) => {
  res.setHeader('content-type', 'application/json; charset=UTF-8');
  res.end('{"tagline":"bare node:http"}\n');
}).listen(port, '127.0.0.1');
