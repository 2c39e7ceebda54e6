// components/ui/error-text.ts: how every console form, note and dialog words a failed call.
import { describe, expect, it } from "vitest";
import { ConsoleError } from "@/components/console/api";
import { errorText, fieldIssues } from "@/components/ui/error-text";

describe("errorText", () => {
  it("words a route's message as a sentence", () => {
    expect(errorText(new ConsoleError(400, "VALIDATION_ERROR", "callback URL must be an http or https URL"))).toBe("Callback URL must be an http or https URL");
  });
  it("writes a field named by an abbreviation in capitals, never \"Url\"", () => {
    expect(errorText(new ConsoleError(400, "VALIDATION_ERROR", "url must be an http or https URL"))).toBe("URL must be an http or https URL");
    expect(errorText(new ConsoleError(400, "VALIDATION_ERROR", "id must not be empty"))).toBe("ID must not be empty");
    expect(errorText(new ConsoleError(400, "VALIDATION_ERROR", "urls must be a list"))).toBe("Urls must be a list");
  });
  it("keeps a field's name as written at the start", () => {
    expect(errorText(new ConsoleError(400, "VALIDATION_ERROR", "delayMs must be at most 15000"))).toBe("delayMs must be at most 15000");
    expect(errorText(new Error("body.phoneNumber is required"))).toBe("body.phoneNumber is required");
  });
  it("says a failed fetch in plain words", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toBe("The console could not be reached. Check your connection and try again.");
  });
  it("has a sentence for anything else", () => {
    expect(errorText("boom")).toBe("Something went wrong.");
    expect(errorText(new Error(""))).toBe("Something went wrong.");
  });
});

describe("fieldIssues", () => {
  it("reads the fields a route's error names, as sentences", () => {
    const e = new ConsoleError(400, "VALIDATION_ERROR", "x", [{ field: "since", message: "since must be a date and time (ISO 8601)" }, { field: "url", message: "url must be an http or https URL" }]);
    expect(fieldIssues(e)).toEqual([
      { field: "since", message: "Since must be a date and time (ISO 8601)" },
      { field: "url", message: "URL must be an http or https URL" },
    ]);
  });
  it("is empty for a failure that names no field", () => {
    expect(fieldIssues(new ConsoleError(409, "CONFLICT", "taken"))).toEqual([]);
    expect(fieldIssues(new TypeError("Failed to fetch"))).toEqual([]);
    expect(fieldIssues(null)).toEqual([]);
  });
});
