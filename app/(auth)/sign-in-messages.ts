// What the sign-in form and page say about two-step sign-in (lib/services/totp.ts): the form
// after its server action (actions.ts), the page after the credentials endpoint's redirect (?code=…).
export const CODE_NEEDED = "This account has two-step sign-in on: enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const CODE_WRONG = "That code is not right, or was used already. Enter the current code from your authenticator app, or an unused recovery code.";
