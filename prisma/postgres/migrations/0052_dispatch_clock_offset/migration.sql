-- AlterTable
ALTER TABLE "Dispatch" ADD COLUMN     "clockOffsetSeconds" INTEGER;
