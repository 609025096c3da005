/*
 * Portal passwords are hashed and verified exactly as API codes are: argon2id, and an unknown
 * e-mail is checked against a dummy hash so a wrong address takes as long as a wrong password.
 */
export { hashApicode as hashPassword, verifyApicode as verifyPassword } from "../../platform/secret-hash";
