/** The part of @20minutes/s3rver (a CommonJS Koa app, shipped without types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory: string;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** Koa's request handler. */
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  }
}
