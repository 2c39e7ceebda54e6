// Reading a Web Request's body within a size limit (the inspector, MCP, try-it).
import { ApiError } from "@/lib/errors";

/** Reads a body, refusing it once it passes `limit` bytes (declared or streamed). */
export async function readLimited(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new ApiError("BODY_TOO_LARGE", `the request body must be at most ${limit} bytes`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError("INVALID_BODY", "the request body could not be read");
  }
  return Buffer.concat(chunks).toString("utf8");
}
