-- CreateTable
CREATE TABLE "ReceiverCheck" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "cases" TEXT NOT NULL DEFAULT '[]',
    "deliveryIds" TEXT NOT NULL DEFAULT '',
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "ReceiverCheck_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ReceiverCheck_id_key" ON "ReceiverCheck"("id");

-- CreateIndex
CREATE INDEX "ReceiverCheck_appId_seq_idx" ON "ReceiverCheck"("appId", "seq");

-- CreateIndex
CREATE INDEX "ReceiverCheck_appId_status_idx" ON "ReceiverCheck"("appId", "status");
