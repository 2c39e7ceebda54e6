// The integration files' setup file (vitest.integration.config.ts): each file's own database and portal (./file-portal.ts).
import { setUpFile } from "./file-portal";

await setUpFile();
