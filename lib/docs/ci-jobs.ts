// The CI configurations /docs/testing shows: a GitHub Actions workflow and a
// GitLab CI job running the sample CI test (public/samples/sandbox-ci.test.mjs)
// in parallel jobs, each in a throwaway sandbox of its own, and the
// integrators' CLI making one for any suite. tests/integration/ci-jobs.test.ts
// runs these very texts against the server, so they cannot rot.
import { origin as portalOrigin } from "./urls";

export const SAMPLE_PATH = "/samples/sandbox-ci.test.mjs";
/** Parallel jobs in the examples (any number up to SANDBOXES_PER_APP works). */
export const CI_PARALLEL = 4;

export function githubWorkflow(origin = portalOrigin()): string {
  return `# .github/workflows/sandbox.yml
name: sandbox
on: [push, pull_request]
jobs:
  scenarios:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        shard: [${Array.from({ length: CI_PARALLEL }, (_, i) => i + 1).join(", ")}]  # parallel jobs, a sandbox each
    steps:
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: curl -fsSO ${origin}${SAMPLE_PATH}
      - run: node --test sandbox-ci.test.mjs
        env:
          SANDBOX_URL: ${origin}
          SANDBOX_KEY: \${{ secrets.SANDBOX_KEY }}
          SANDBOX_SECRET: \${{ secrets.SANDBOX_SECRET }}
`;
}

export function gitlabJob(origin = portalOrigin()): string {
  return `# .gitlab-ci.yml (SANDBOX_KEY and SANDBOX_SECRET: masked CI/CD variables)
sandbox-scenarios:
  image: node:20
  parallel: ${CI_PARALLEL}  # parallel jobs, a sandbox each
  variables:
    SANDBOX_URL: ${origin}
  script:
    - curl -fsSO ${origin}${SAMPLE_PATH}
    - node --test sandbox-ci.test.mjs
`;
}

/** Any test suite: a sandbox for the job from the CLI, its keys in the job's environment, ended after. */
export function cliSteps(origin = portalOrigin()): string {
  return `curl -fsSO ${origin}/cli/sandbox.mjs
# SANDBOX_URL=${origin}, SANDBOX_KEY and SANDBOX_SECRET: your app's keys
eval "$(node sandbox.mjs sandbox create --ttl 30m --env)"
# now SANDBOX_KEY, SANDBOX_SECRET, SANDBOX_SIGNING_SECRET and SANDBOX_INSPECTOR_URL are the sandbox's
npm test
node sandbox.mjs sandbox delete "$SANDBOX_APP_ID"   # or let it expire`;
}
