// A software authenticator for WebAuthn tests (passkeys, lib/services/passkeys.ts):
// an ES256 (P-256) key pair made with node:crypto per credential, the
// registration answer with attestation "none" (authenticator data with the
// attested credential and its COSE key, in CBOR written here), and assertions
// signed with the private key over authenticatorData ‖ SHA-256(clientDataJSON),
// as a browser's authenticator makes them. Real cryptography the server's
// library verifies; the test chooses what a real one would not (another origin,
// RP id or challenge, a counter that goes back, a flipped signature bit).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

// CBOR (RFC 8949), the part attestation needs: unsigned and negative integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
export function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type Credential = { id: Buffer; key: KeyObject; publicCose: Buffer; userHandle: string | null; counter: number };

type Ceremony = { origin: string; rpId: string };

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/**
 * A new credential for the registration options `options` (the server's JSON):
 * the answer startRegistration would give, and the credential to sign in with.
 * `as` changes what the answer says (another origin, RP id or challenge).
 */
export function register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, as: Ceremony & { challenge?: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const publicCose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, "base64url")], [-3, Buffer.from(jwk.y!, "base64url")]]));
  const id = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, idLength, id, publicCose]);
  const data = authData(as.rpId, UP | UV | AT, 0, attested);
  const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", data]]));
  const credential: Credential = { id, key: privateKey, publicCose, userHandle: options.user.id, counter: 0 };
  const response = {
    id: b64url(id), rawId: b64url(id), type: "public-key", clientExtensionResults: {}, authenticatorAttachment: "platform",
    response: { clientDataJSON: b64url(clientData("webauthn.create", as.challenge ?? options.challenge, as.origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
  };
  return { credential, response };
}

/**
 * The credential's answer to the sign-in options' `challenge` (startAuthentication's):
 * its counter moved on by one unless `counter` says which; `tamper` flips a bit of the signature;
 * `presenceOnly`: a key that proves presence but verified no one (no PIN, no biometric: UV unset).
 */
export function assert(cred: Credential, challenge: string, as: Ceremony & { counter?: number; tamper?: boolean; presenceOnly?: boolean }) {
  cred.counter = as.counter ?? cred.counter + 1;
  const data = authData(as.rpId, as.presenceOnly ? UP : UP | UV, cred.counter);
  const client = clientData("webauthn.get", challenge, as.origin);
  const signature = sign("sha256", Buffer.concat([data, sha256(client)]), cred.key); // DER, as WebAuthn's ES256 signatures are
  if (as.tamper) signature[signature.length - 1]! ^= 1;
  return {
    id: b64url(cred.id), rawId: b64url(cred.id), type: "public-key", clientExtensionResults: {}, authenticatorAttachment: "platform",
    response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature), ...(cred.userHandle ? { userHandle: cred.userHandle } : {}) },
  };
}
