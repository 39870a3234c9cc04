import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The tools that read a document back as a user would: poppler's pdftotext and LibreOffice's
 * soffice (Debian's poppler-utils and libreoffice-writer-nogui; CI installs both). Each is its
 * path, or '' where it is not installed, and the tests that need it are skipped.
 */
const installed = (tool: string) => promisify(execFile)('which', [tool]).then(({ stdout }) => stdout.trim(), () => '');

export const pdftotext = await installed('pdftotext');
export const soffice = await installed('soffice');
