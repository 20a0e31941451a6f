/** The Node-only parts of the development backend. */
export { DataFileError } from './data-file-error';
export {
  type AtomicWriteHooks,
  atomicWriteFile,
  createFileStore,
  DATA_FILE_NAME,
  DEFAULT_DATA_DIR,
  type FileStoreOptions,
  REPO_ROOT,
  UPLOADS_DIR_NAME,
} from './file-store';
export { MAX_BODY_BYTES, nodeMiddleware, sendResponse, toRequest } from './node-adapter';
export { DEFAULT_PORT, type DevServerOptions, HOST, startDevServer } from './server';
export { createDevApiMiddleware, type DevApiPluginOptions, devApi } from './vite-plugin';
