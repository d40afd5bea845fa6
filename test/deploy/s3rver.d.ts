// The part of s3rver (an S3-protocol server for tests, without types of its own) that the upload test uses.
declare module "s3rver" {
  interface S3Event {
    Records: { eventName: string; s3: { object: { key: string } } }[];
  }
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: "event", listener: (event: S3Event) => void): this;
  }
}
