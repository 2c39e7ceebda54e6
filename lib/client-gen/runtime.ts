// The fixed part of every generated client (token caching, calls, errors), as
// source text. The per-API part (types, methods) is generated around it.
export const RUNTIME = `export type ApiErrorBody = { error: string; message: string; requestId: string };

/** An error answer of the sandbox (the one error body: error, message, requestId). */
export class SandboxApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly headers: Headers;
  constructor(status: number, body: ApiErrorBody, headers: Headers) {
    super(\`\${status} \${body.error}: \${body.message}\`);
    this.name = "SandboxApiError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export type ClientOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** {base_url}; defaults to the sandbox this client was generated from. */
  baseUrl?: string;
  fetch?: typeof fetch;
};

export type CallOptions<S extends string = string> = { scenario?: S; signal?: AbortSignal };

class BaseClient {
  private token: { value: string; expiresAt: number } | null = null;
  protected readonly options: ClientOptions;
  private readonly defaultBaseUrl: string;
  constructor(options: ClientOptions, defaultBaseUrl: string) {
    this.options = options;
    this.defaultBaseUrl = defaultBaseUrl;
  }

  protected get baseUrl(): string {
    return (this.options.baseUrl ?? this.defaultBaseUrl).replace(/\\/+$/, "");
  }

  private get fetcher(): typeof fetch {
    return this.options.fetch ?? globalThis.fetch;
  }

  /** An access token, cached until a minute before it expires (there is no refresh token: a new one is requested). */
  async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    const basic = btoa(\`\${this.options.consumerKey}:\${this.options.consumerSecret}\`);
    const r = await this.fetcher(\`\${this.baseUrl}/oauth/v1/token\`, {
      method: "POST",
      headers: { authorization: \`Basic \${basic}\`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const body = await r.json();
    if (!r.ok) throw new SandboxApiError(r.status, body as ApiErrorBody, r.headers);
    const t = body as { access_token: string; expires_in: number };
    this.token = { value: t.access_token, expiresAt: Date.now() + (t.expires_in - 60) * 1000 };
    return t.access_token;
  }

  protected async call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: \`Bearer \${await this.accessToken()}\` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.scenario) headers["x-svc-scenario"] = options.scenario;
    const r = await this.fetcher(\`\${this.baseUrl}\${path}\`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    const data = await r.json();
    if (r.status === 401) this.token = null;
    if (!r.ok) throw new SandboxApiError(r.status, data as ApiErrorBody, r.headers);
    return data as T;
  }
}`;
