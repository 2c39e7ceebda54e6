// The media type of a Content-Type header: its type/subtype without
// parameters, lower case (`application/json; charset=utf-8` → `application/json`).

/** null when there is no Content-Type. */
export function mediaType(contentType: string | null | undefined): string | null {
  return contentType === null || contentType === undefined ? null : contentType.split(";", 1)[0]!.trim().toLowerCase();
}
