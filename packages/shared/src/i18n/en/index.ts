import errors from './errors.ts';
import fields from './fields.ts';
import mail from './mail.ts';
import validation from './validation.ts';

export default { errors, fields, mail, validation };
