-- Uploaded files are compressed with lz4 where the server has it (PostgreSQL 14 and later, built with
-- lz4): storing and reading a 50 MB extract took 0.4 s with the default compression and takes 0.1 s.
-- The embedded database has no lz4, and its default compression, run in WebAssembly, cost more than
-- the space it saved, so there the files are stored uncompressed
-- (docs/decisions/0029-import-staging-and-upload-speed.md).
DO $$
BEGIN
  ALTER TABLE "import_files" ALTER COLUMN "bytes" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  ALTER TABLE "import_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
END $$;
