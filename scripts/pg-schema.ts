// npm run db:pg-schema: writes prisma/postgresql/schema.prisma from prisma/schema.prisma.
import { PG_SCHEMA, writePgSchema } from "@/lib/db/pg-schema";

console.log(writePgSchema() ? `wrote ${PG_SCHEMA}` : `${PG_SCHEMA} is up to date`);
