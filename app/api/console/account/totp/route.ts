import QRCode from "qrcode";
import { z } from "zod";
import { userRoute } from "@/lib/auth/route";
import { disableTotp, startTotp, totpStatus } from "@/lib/services/totp";
import { clientAddress } from "@/lib/throttle";

/** The account's two-step sign-in: whether it is on, since when, how many recovery codes are left. */
export const GET = userRoute({}, async ({ user }) => totpStatus(user.id));

/**
 * Sets it up: a new secret, pending until ./confirm takes a code of it; with the
 * contract's {secret, otpauthUrl}, `qrCode`: the otpauth URL as an SVG QR code
 * (qrcode), which the Account page shows as an image.
 */
export const POST = userRoute({}, async ({ user }) => {
  const started = await startTotp(user.id);
  return { ...started, qrCode: await QRCode.toString(started.otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
});

const off = z.object({ code: z.string({ error: "code is required: a code from your authenticator app or a recovery code" }).trim().min(1, "code is required").max(64, "code is at most 64 characters") });

/** Turns it off with a code or a recovery code. */
export const DELETE = userRoute({ body: off }, async ({ user, body, request }) => disableTotp(user.id, body.code, clientAddress(request.headers)));
