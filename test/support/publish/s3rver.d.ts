/** The part of @20minutes/s3rver (a CommonJS Koa app, shipped without types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory: string;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  interface S3rverStore {
    /** Writes an object's bytes; resolves with [size, md5 hex]. */
    putContent(objectPath: string, content: NodeJS.ReadableStream | Buffer): Promise<[number, string]>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    store: S3rverStore;
    configureBuckets(): Promise<void>;
    /** Koa's request handler. */
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  }
}
