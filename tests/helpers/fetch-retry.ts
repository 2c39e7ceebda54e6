// The suite's fetch sends a request again, once, when a kept-alive connection
// it reused was closed by the server at that very moment ("other side closed"
// before any answer): the race every HTTP/1.1 client meets when a server's
// keep-alive timer and a reuse cross, which a loaded test machine widens. Only
// that error, only when nothing was answered, only with a body that can be sent
// again; a server that is down still fails the test.
const original = globalThis.fetch;

const closedUnderUs = (e: unknown) => {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code === "UND_ERR_SOCKET" && /other side closed/.test(cause.message ?? "");
};

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  try {
    return await original(input, init);
  } catch (e) {
    const replayable = !(input instanceof Request) && (init?.body === undefined || typeof init.body === "string");
    if (!replayable || !closedUnderUs(e) || init?.signal?.aborted) throw e;
    return original(input, init);
  }
};
