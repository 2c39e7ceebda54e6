// The example values live with the engine (lib/engine/examples.ts), which the
// receiver checks use too; the docs, try-it, Postman and the tests import them here.
export { exampleBody, exampleOf, exampleParams } from "@/lib/engine/examples";
