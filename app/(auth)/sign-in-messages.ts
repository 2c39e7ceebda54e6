// What the sign-in form and page say about two-step sign-in (lib/services/totp.ts): the form
// after its server action (actions.ts), the page after the credentials endpoint's redirect (?code=…).
export const CODE_NEEDED = "This account has two-step sign-in on: enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const CODE_WRONG = "That code is not right, or was used already. Enter the current code from your authenticator app, or an unused recovery code.";

/**
 * What the sign-in page says after a single sign-on that signed nobody in (`?error=`): lib/auth/index.ts's
 * refusals (lib/services/sso.ts's rule), and Auth.js's own when it refused the provider's answer (a bad
 * state or nonce, another issuer or audience, an expired id token: "Configuration"; the provider said no:
 * "OAuthCallbackError"). The server's log has the detail.
 */
export function ssoRefused(error: string, provider: string): string | undefined {
  switch (error) {
    case "sso_unverified":
      return `${provider} did not confirm that this email address is yours, so it cannot sign in to an account here. Verify the address with ${provider}, or sign in with your password.`;
    case "sso_no_email":
      return `${provider} did not give an email address, so no account could be chosen. Ask your administrator to share the email claim with this portal.`;
    case "OAuthCallbackError":
    case "AccessDenied":
      return `${provider} did not sign you in. Try again, or sign in with your password.`;
    case "Configuration":
    case "OAuthSignin":
    case "CallbackRouteError":
      return `Sign-in with ${provider} could not be completed: its answer could not be verified (it may have expired or belong to another sign-in attempt). Start again from this page.`;
    default:
      return undefined;
  }
}
