"use client";
import { CopyButton } from "@/components/ui/copy-button";
import { ShownOnce } from "./shown-once";

export type CreatedPair = { consumerKey: string; consumerSecret: string };

/** The one time the secret is shown: copy it now. Dismissed, the keyboard goes to the key pairs list (`list`). */
export function NewKeyPair({ pair, baseUrl, onDone, list }: { pair: CreatedPair; baseUrl: string; onDone: () => void; list: () => HTMLElement | null }) {
  const curl = `curl -u ${pair.consumerKey}:${pair.consumerSecret} -d grant_type=client_credentials ${baseUrl}/oauth/v1/token`;
  return (
    <ShownOnce
      title="Your new key pair"
      warning={<><strong>Copy the secret now.</strong> This is the only time it is shown; the sandbox keeps only a hash of it. Keep it on your server, never in a browser or app.</>}
      values={[
        { label: "Consumer key", value: pair.consumerKey, what: "consumer key" },
        { label: "Consumer secret", value: pair.consumerSecret, what: "consumer secret" },
      ]}
      done="I have saved the secret"
      onDone={onDone}
      then={list}
    >
      <div>
        <dt className="mb-1 flex items-center justify-between text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Fetch a token
          <CopyButton value={curl} what="curl command" />
        </dt>
        <dd>
          <pre data-testid="curl-line" className="scheme-fixed overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-100">{curl}</pre>
        </dd>
      </div>
    </ShownOnce>
  );
}
