// The words of the pages a visitor sees before logging in (login, registration, the password pages) and
// of the frame around them. The web app loads these first on those pages and the whole catalog
// (../index.ts, which has every area) with the signed-in pages.
import auth from '../auth.ts';
import common from '../common.ts';
import errors from '../errors.ts';
import fields from '../fields.ts';
import shell from '../shell.ts';
import status from '../status.ts';
import validation from '../validation.ts';

export default { errors, fields, validation, common, shell, auth, status };
