// fast-check arbitraries for request bodies: valid bodies with one field
// replaced by anything JSON can carry, or any JSON value at all.
import fc from "fast-check";

export const anyJson = fc.jsonValue({ maxDepth: 3 });

const bases: Record<string, Record<string, unknown>> = {
  "collect.push": { shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: "R-1", callbackUrl: "https://x.test/cb" },
  "payouts.send": { amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: "P-1", callbackUrl: "https://x.test/cb" },
  "identity.verify": { idNumber: "12345678" },
  "sms.send": { to: "254712345678", senderId: "SHOP", message: "hi" },
};

export const postOperations = Object.keys(bases);

/** Text sent as the body: a valid body with fields replaced or added, or any JSON, or junk text. */
export function bodyText(opId: string) {
  const base = bases[opId]!;
  const mutated = fc
    .record({
      field: fc.constantFrom(...Object.keys(base), "extra", "destination"),
      value: fc.oneof(anyJson, fc.constantFrom("1", 1, "DUPLICATE", "ABC", "254000000000", "UNKNOWN", -1, Number.POSITIVE_INFINITY, "", null)),
    })
    .map(({ field, value }) => JSON.stringify({ ...base, [field]: value }));
  return fc.oneof(mutated, anyJson.map((v) => JSON.stringify(v)), fc.string({ maxLength: 200 }));
}
