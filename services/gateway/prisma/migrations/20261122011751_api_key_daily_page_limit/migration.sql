-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "daily_page_limit" INTEGER;
