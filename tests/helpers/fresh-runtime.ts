// A setup file of the unit and store suites, whose workers run one file after another in one process
// (isolate: false): after each file the default runtime it may have made (lib/runtime.ts: a logger
// installed, the post thread, counts) is stopped and forgotten, so the next file starts on a fresh one,
// as in a process of its own. The integration suite ends it with the rest of a file's portal
// (tests/helpers/file-portal.ts).
import { afterAll } from "vitest";
import { endDefaultRuntime } from "@/lib/runtime";

afterAll(endDefaultRuntime);
