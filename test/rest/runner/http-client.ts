/**
 * A minimal HTTP client for the runner: one request, the whole response, and the response
 * parsed by its content type as ES's runner does (`ClientYamlTestResponse`): JSON and YAML
 * bodies become values, anything else stays a string.
 */
import http from 'node:http';
import yaml from 'js-yaml';

/** A response as the runner sees it. */
export interface RestResponse {
  readonly method: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Every `Warning` header value, one per header line. */
  readonly warnings: readonly string[];
  readonly bodyText: string;
  /** Parsed body for JSON/YAML responses; the text for others; undefined when empty. */
  readonly body: unknown;
}

/** Options of {@link sendRequest}. */
export interface SendOptions {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/** Parses a response body by content type; unparseable JSON/YAML stays text. */
export function parseBody(contentType: string | undefined, text: string): unknown {
  if (text === '') return undefined;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  try {
    if (type === 'application/json' || type.endsWith('+json')) return JSON.parse(text);
    if (type === 'application/yaml' || type === 'application/x-yaml' || type === 'text/yaml') {
      return yaml.load(text, { schema: yaml.CORE_SCHEMA });
    }
  } catch {
    return text;
  }
  return text;
}

/** Sends requests to one server over keep-alive connections. */
export class RestClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** Sends one request and reads the whole response. */
  send(opts: SendOptions): Promise<RestResponse> {
    const url = new URL(opts.path, this.baseUrl);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const payload = opts.body === undefined ? undefined : Buffer.from(opts.body, 'utf8');
    if (payload) headers['Content-Length'] = String(payload.length);
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method: opts.method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const bodyText = Buffer.concat(chunks).toString('utf8');
          const flat: Record<string, string> = {};
          const warnings: string[] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] as string).toLowerCase();
            const value = res.rawHeaders[i + 1] as string;
            if (name === 'warning') warnings.push(value);
            flat[name] = flat[name] === undefined ? value : `${flat[name]}, ${value}`;
          }
          resolve({
            method: opts.method,
            status: res.statusCode ?? 0,
            headers: flat,
            warnings,
            bodyText,
            body: opts.method === 'HEAD' ? undefined : parseBody(flat['content-type'], bodyText),
          });
        });
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`request timed out after ${timeoutMs} ms: ${opts.method} ${opts.path}`)));
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** Closes the keep-alive sockets so the process can exit. */
  close(): void {
    this.agent.destroy();
  }
}
