// A TypeScript client of the platform's HTTP/JSON API with nothing but the language and
// fetch (Node 18+ or a browser): the account flow, a catalog search, an error as a
// google.rpc.Status, and the live event stream (NDJSON) delivering a direct message.
// Run by run-ts-client.sh against a running gateway; exits non-zero on the first surprise.

interface Tokens { accessToken: string; refreshToken: string; accessTokenExpiresAt: string }
interface User { id: string; username: string; roles: string[] }
interface Status { code: number; message: string; details?: Array<{ "@type": string; fieldViolations?: Array<{ field: string; description: string }> }> }
interface Exercise { id: string; name: string; equipment?: string[] }
interface ChatMessage { id: string; text: string; sender: { userId: string; username: string } }
interface GymEvent { id: string; kind: string; message?: ChatMessage }

class GymError extends Error {
  constructor(readonly httpStatus: number, readonly status: Status) { super(status.message); }
}

class Gym {
  token = "";
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new GymError(response.status, answer as Status);
    return answer as T;
  }

  // Subscribes (GET /v1/events, from now on): resolves once the platform has taken the
  // subscription (its 200), then yields one event at a time until `signal` aborts it.
  async subscribe(signal: AbortSignal): Promise<AsyncGenerator<GymEvent>> {
    const response = await fetch(`${this.base}/v1/events?afterEventId=0`, { headers: { authorization: `Bearer ${this.token}` }, signal });
    if (!response.ok || !response.body) throw new GymError(response.status, (await response.json()) as Status);
    return lines(response.body as unknown as AsyncIterable<Uint8Array>);
  }
}

async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<GymEvent> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = JSON.parse(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      if (line.error) throw new GymError(200, line.error as Status);
      yield line.result as GymEvent;
    }
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`unexpected: ${what}`);
  console.log(`ok  ${what}`);
}

async function main(): Promise<void> {
  const base = `http://${process.argv[2]}`;
  const password = "violet staircase under a quiet harbour";
  const suffix = Date.now().toString(36);
  const ana = new Gym(base);
  const ben = new Gym(base);

  for (const [gym, name] of [[ana, `ts_ana_${suffix}`], [ben, `ts_ben_${suffix}`]] as const) {
    const registered = await gym.call<{ user: User; tokens: Tokens }>("POST", "/v1/auth:register", {
      email: `${name}@example.com`, username: name, password, acceptTerms: true, termsVersion: "2026-01",
    });
    gym.token = registered.tokens.accessToken;
  }
  const me = await ana.call<{ user: User }>("GET", "/v1/me");
  check(me.user.username === `ts_ana_${suffix}` && me.user.roles.includes("MEMBER"), "GetMe as GET /v1/me");

  const found = await ana.call<{ exercises: Exercise[] }>("GET", "/v1/exercises?query=squat&equipment=BARBELL&pageSize=3");
  check(found.exercises.length > 0 && found.exercises.every((e) => e.equipment?.includes("BARBELL")), "ListExercises with filters as query parameters");

  try {
    await ana.call("POST", "/v1/routines", { name: "", days: [] });
    check(false, "an invalid routine refused");
  } catch (error) {
    const status = (error as GymError).status;
    const violations = status.details?.find((d) => d["@type"].endsWith("google.rpc.BadRequest"))?.fieldViolations ?? [];
    check((error as GymError).httpStatus === 400 && status.code === 3 && violations.some((v) => v.field === "routine.name"),
      "an invalid routine is 400 with a google.rpc.Status naming routine.name");
  }

  // Ben listens; Ana writes once the platform has taken his subscription; the message
  // arrives on Ben's stream.
  const stop = new AbortController();
  const events = await ben.subscribe(stop.signal);
  const benMe = await ben.call<{ user: User }>("GET", "/v1/me");
  await ana.call("POST", "/v1/directMessages", { userId: benMe.user.id, text: "hello from TypeScript" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no event within 20 s")), 20_000)));
  const { value } = await Promise.race([events.next(), timeout]);
  clearTimeout(timer);
  check(value?.kind === "DIRECT_MESSAGE" && value.message?.text === "hello from TypeScript", "a direct message arrives on GET /v1/events (NDJSON)");
  stop.abort();
}

// A ceiling on the whole run, so a call that never answers fails it instead of hanging.
const ceiling = setTimeout(() => {
  console.error("typescript client: not done within 60 s");
  process.exit(1);
}, 60_000);
main().then(
  () => {
    clearTimeout(ceiling);
    console.log("typescript client: all ok");
  },
  (error) => {
    console.error(`typescript client: ${error.stack ?? error}`);
    process.exit(1);
  },
);
