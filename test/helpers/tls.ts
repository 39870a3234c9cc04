import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface TestCertificates {
  /** The CA to trust (fetcher `ca` option or NODE_EXTRA_CA_CERTS). */
  caPem: string;
  /** Leaf certificate for the given host names, 127.0.0.1 and ::1. */
  certPem: string;
  keyPem: string;
}

interface KeyPair {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
}

// Node generates the RSA keys natively (milliseconds); forge only builds and signs the certificates.
function rsaKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function newCertificate(publicKey: forge.pki.rsa.PublicKey, commonName: string): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // DER wants a positive, minimally encoded serial: the first byte is kept in 0x40–0x7f.
  // (A leading zero byte, which plain random bytes give 1 time in 256, makes OpenSSL refuse the certificate.)
  const serial = randomBytes(16);
  serial[0] = 0x40 | (serial[0]! & 0x3f);
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  return cert;
}

export interface TestCa {
  keys: KeyPair;
  cert: forge.pki.Certificate;
  pem: string;
}

let sharedCa: TestCa | undefined;

/** Where the global setup leaves the run's CA, trusted by every worker through NODE_EXTRA_CA_CERTS. */
export const TEST_CA_DIR_VARIABLE = 'CRAWL_TEST_CA_DIR';

/**
 * One CA per test run: the one the global setup wrote (so processes started with
 * NODE_EXTRA_CA_CERTS trust it), else one made for this process.
 */
function testCa(): TestCa {
  if (sharedCa) return sharedCa;
  const dir = process.env[TEST_CA_DIR_VARIABLE];
  if (dir) {
    const pem = readFileSync(path.join(dir, 'ca.pem'), 'utf8');
    const privateKey = forge.pki.privateKeyFromPem(readFileSync(path.join(dir, 'ca-key.pem'), 'utf8'));
    sharedCa = { keys: { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) }, cert: forge.pki.certificateFromPem(pem), pem };
    return sharedCa;
  }
  sharedCa = createCa();
  return sharedCa;
}

export function createCa(): TestCa {
  const keys = rsaKeyPair();
  const cert = newCertificate(keys.publicKey, 'Web Crawl Service Test CA');
  cert.setIssuer(cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { keys, cert, pem: forge.pki.certificateToPem(cert) };
}

/** Writes a CA for the whole run and returns the PEM path to hand to NODE_EXTRA_CA_CERTS. */
export function writeRunCa(dir: string): string {
  const ca = createCa();
  writeFileSync(path.join(dir, 'ca.pem'), ca.pem);
  writeFileSync(path.join(dir, 'ca-key.pem'), forge.pki.privateKeyToPem(ca.keys.privateKey), { mode: 0o600 });
  return path.join(dir, 'ca.pem');
}

/** A CA and a leaf certificate for loopback HTTPS fixture sites (`https.createServer({ cert, key })`). */
export function createTestCa(hostnames: string[], ca: TestCa = testCa()): TestCertificates {
  const keys = rsaKeyPair();
  const leaf = newCertificate(keys.publicKey, hostnames[0] ?? 'localhost');
  leaf.setIssuer(ca.cert.subject.attributes);
  leaf.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...hostnames.map((value) => ({ type: 2, value })),
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  leaf.sign(ca.keys.privateKey, forge.md.sha256.create());
  return {
    caPem: ca.pem,
    certPem: forge.pki.certificateToPem(leaf),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
  };
}
