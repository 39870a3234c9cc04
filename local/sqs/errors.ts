/**
 * SQS errors as the JSON protocol carries them. The client (awsQueryCompatible) names the error it
 * raises after the code in `x-amzn-query-error`, so `queryCode` must be the one SQS uses.
 */
export class SqsError extends Error {
  constructor(
    /** the short error name, as in `__type` and batch entry failures */
    readonly code: string,
    message: string,
    readonly httpStatus = 400,
    readonly queryCode = code,
    readonly senderFault = true,
  ) {
    super(message);
    this.name = code;
  }
}

const legacyCode = (name: string): string => `AWS.SimpleQueueService.${name}`;

export const sqsErrors = {
  /** A call the caller's role does not allow; the SDK names it after the query code. */
  accessDenied: (message: string) => new SqsError('AccessDeniedException', message, 403, 'AccessDenied'),
  /** A request whose signature SQS cannot accept, in the JSON protocol's name and status. */
  unsigned: (type: string, message: string, httpStatus: number) => new SqsError(type, message, httpStatus),
  queueDoesNotExist: () =>
    new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', 400, legacyCode('NonExistentQueue')),
  queueNameExists: (name: string) =>
    new SqsError(
      'QueueNameExists',
      `A queue named ${name} already exists with different attributes.`,
      400,
      'QueueAlreadyExists',
    ),
  unsupportedOperation: (message: string) =>
    new SqsError('UnsupportedOperation', message, 400, legacyCode('UnsupportedOperation')),
  receiptHandleIsInvalid: (handle: string) =>
    new SqsError('ReceiptHandleIsInvalid', `The input receipt handle "${handle}" is not a valid receipt handle.`, 404),
  messageNotInflight: () =>
    new SqsError('MessageNotInflight', 'The message referred to is not in flight.', 400, legacyCode('MessageNotInflight')),
  emptyBatchRequest: () =>
    new SqsError(
      'EmptyBatchRequest',
      'There should be at least one entry in the request.',
      400,
      legacyCode('EmptyBatchRequest'),
    ),
  tooManyEntriesInBatchRequest: (count: number) =>
    new SqsError(
      'TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are 10. You have sent ${count}.`,
      400,
      legacyCode('TooManyEntriesInBatchRequest'),
    ),
  batchEntryIdsNotDistinct: (id: string) =>
    new SqsError(
      'BatchEntryIdsNotDistinct',
      `Id ${id} repeated.`,
      400,
      legacyCode('BatchEntryIdsNotDistinct'),
    ),
  invalidBatchEntryId: () =>
    new SqsError(
      'InvalidBatchEntryId',
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
      400,
      legacyCode('InvalidBatchEntryId'),
    ),
  batchRequestTooLong: (limit: number) =>
    new SqsError(
      'BatchRequestTooLong',
      `Batch requests cannot be longer than ${limit} bytes.`,
      400,
      legacyCode('BatchRequestTooLong'),
    ),
  invalidAttributeName: (name: string) => new SqsError('InvalidAttributeName', `Unknown Attribute ${name}.`),
  invalidAttributeValue: (name: string, reason: string) =>
    new SqsError('InvalidAttributeValue', `Invalid value for the parameter ${name}. Reason: ${reason}`),
  invalidParameterValue: (message: string) => new SqsError('InvalidParameterValue', message),
  missingParameter: (name: string) =>
    new SqsError('MissingParameter', `The request must contain the parameter ${name}.`),
  invalidMessageContents: () =>
    new SqsError('InvalidMessageContents', 'Invalid characters found in the message (allowed: #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF).'),
  serialization: (message: string) => new SqsError('SerializationException', message),
  internalFailure: () =>
    new SqsError('InternalFailure', 'The request processing has failed because of an unknown error.', 500, 'InternalFailure', false),
};
