import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { JOB_RETENTION_DAYS } from '../lambdas/domain/retention.js';

export type TableName = 'users' | 'apiKeys' | 'usage' | 'jobs' | 'pages' | 'rateLimits' | 'blockedSites';

/**
 * Tables and the artefact bucket. Key names here are the single source for the data layer's
 * key attributes and for the tables the local runtime creates.
 */
export class Storage extends Construct {
  readonly users: dynamodb.Table;
  readonly apiKeys: dynamodb.Table;
  readonly usage: dynamodb.Table;
  readonly jobs: dynamodb.Table;
  readonly pages: dynamodb.Table;
  readonly rateLimits: dynamodb.Table;
  /** Sites whose owners asked not to be crawled, by host (an operator's list). */
  readonly blockedSites: dynamodb.Table;
  /** Every table by name, for grants and alarms. */
  readonly tables: Record<TableName, dynamodb.Table>;
  readonly artifacts: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const table = (name: string, partitionKey: string, options: { sortKey?: string; ttl?: boolean } = {}) =>
      new dynamodb.Table(this, name, {
        partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: options.sortKey ? { name: options.sortKey, type: dynamodb.AttributeType.STRING } : undefined,
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: options.ttl ? 'expires_at' : undefined,
        removalPolicy: RemovalPolicy.RETAIN,
      });

    this.users = table('Users', 'user_id');
    this.apiKeys = table('ApiKeys', 'key_hash');
    this.apiKeys.addGlobalSecondaryIndex({
      indexName: 'by_user',
      partitionKey: { name: 'user_id', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'created_at', type: dynamodb.AttributeType.STRING },
    });
    this.usage = table('Usage', 'user_id', { sortKey: 'period' });
    this.jobs = table('Jobs', 'job_id', { ttl: true });
    // GET /v1/jobs: a user's jobs, newest first.
    this.jobs.addGlobalSecondaryIndex({
      indexName: 'by_user',
      partitionKey: { name: 'user_id', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'created_at', type: dynamodb.AttributeType.STRING },
    });
    this.pages = table('Pages', 'job_id', { sortKey: 'sk', ttl: true });
    this.rateLimits = table('RateLimits', 'limiter_key', { ttl: true });
    this.blockedSites = table('BlockedSites', 'host');
    this.tables = {
      users: this.users,
      apiKeys: this.apiKeys,
      usage: this.usage,
      jobs: this.jobs,
      pages: this.pages,
      rateLimits: this.rateLimits,
      blockedSites: this.blockedSites,
    };

    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.artifacts = new s3.Bucket(this, 'Artifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'artifacts/',
      lifecycleRules: [
        { prefix: 'jobs/', expiration: Duration.days(JOB_RETENTION_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * The web console fetches documents over 4 MiB, PDF and Word from their presigned URLs (the API
   * redirects there): a browser may read them from the console's own origin, and from no other page.
   */
  allowConsoleDownloads(consoleOrigin: string): void {
    this.artifacts.addCorsRule({ allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD], allowedOrigins: [consoleOrigin], allowedHeaders: ['*'], maxAge: 3600 });
  }
}
