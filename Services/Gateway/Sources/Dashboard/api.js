// The platform's HTTP/JSON API as the dashboard uses it: same origin, a bearer token,
// a refresh when the access token has expired, and the event stream as NDJSON.

const storageKey = "gym.dashboard.tokens";

export class ApiError extends Error {
  constructor(httpStatus, body) {
    super(body?.message || `HTTP ${httpStatus}`);
    this.httpStatus = httpStatus;
    this.code = body?.code;
  }
}

export class Api {
  constructor() {
    // The session survives a reload of the tab, not the closing of it.
    this.tokens = JSON.parse(sessionStorage.getItem(storageKey) || "null");
    this.refreshing = null;
  }

  get signedIn() {
    return this.tokens !== null;
  }

  async signIn(identifier, password) {
    const answer = await this.call("POST", "/v1/auth:login", { identifier, password, clientDescription: "trainer dashboard" }, { anonymous: true });
    this.keep(answer.tokens);
    return answer.user;
  }

  async signOut() {
    try {
      await this.call("POST", "/v1/auth:logout", {});
    } finally {
      this.keep(null);
    }
  }

  keep(tokens) {
    this.tokens = tokens;
    if (tokens) sessionStorage.setItem(storageKey, JSON.stringify(tokens));
    else sessionStorage.removeItem(storageKey);
  }

  // Refresh tokens are single use: concurrent callers share one refresh.
  refresh() {
    if (!this.refreshing) {
      const refreshToken = this.tokens?.refreshToken;
      this.refreshing = this.call("POST", "/v1/auth:refresh", { refreshToken }, { anonymous: true })
        .then((answer) => this.keep(answer.tokens))
        .catch((error) => {
          this.keep(null);
          throw error;
        })
        .finally(() => (this.refreshing = null));
    }
    return this.refreshing;
  }

  headers(anonymous) {
    const headers = { accept: "application/json" };
    if (!anonymous && this.tokens) headers.authorization = `Bearer ${this.tokens.accessToken}`;
    return headers;
  }

  async call(method, path, body, { anonymous = false, retried = false } = {}) {
    const headers = this.headers(anonymous);
    const init = { method, headers };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    if (response.status === 401 && !anonymous && !retried && this.tokens) {
      await this.refresh();
      return this.call(method, path, body, { retried: true });
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new ApiError(response.status, answer);
    return answer;
  }

  // A file of the platform (GET /v1/attachments/{id}/content) as an object URL for an
  // <img>. The browser's cache keeps it by its ETag and asks again with If-None-Match,
  // so a picture seen before costs a 304.
  async file(path, retried = false) {
    const response = await fetch(path, { headers: { authorization: this.headers(false).authorization } });
    if (response.status === 401 && !retried && this.tokens) {
      await this.refresh();
      return this.file(path, true);
    }
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
    return URL.createObjectURL(await response.blob());
  }

  get(path, query = {}) {
    const parameters = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""));
    const text = parameters.toString();
    return this.call("GET", text ? `${path}?${text}` : path);
  }

  // Yields each event of the caller's stream after `afterEventId` (0: from now on) until
  // the stream ends or `signal` aborts it; a failure of the call after it started throws.
  // `opened` is called once the platform has accepted the subscription.
  async *events(afterEventId, signal, opened, retried = false) {
    const response = await fetch(`/v1/events?afterEventId=${afterEventId}`, { headers: this.headers(false), signal });
    if (response.status === 401 && !retried && this.tokens) {
      await this.refresh();
      yield* this.events(afterEventId, signal, opened, true);
      return;
    }
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
    opened();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      let newline;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (!line) continue;
        const item = JSON.parse(line);
        if (item.error) throw new ApiError(200, item.error);
        yield item.result;
      }
    }
  }
}
