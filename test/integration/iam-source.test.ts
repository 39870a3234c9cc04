import { describeRevokedGrants } from '../helpers/revoked-grants.js';

describeRevokedGrants('source');
