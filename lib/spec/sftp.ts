import { z } from "zod";

/*
 * SFTP delivery of ZIP packages (lib/service/sftp): the public keys that may sign in as a profile
 * (GET and PUT /profile/sftpkeys). A profile signs in as `<environment>.<cid>`, with its apicode as
 * the password or with one of these keys.
 */

/** The most keys a profile keeps: one per machine that uploads, with room for a key change. */
const MAX_SFTP_KEYS = 10;

export const sftpKeysRequestSchema = z
  .strictObject({
    keys: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(8192)
          .meta({ description: "An OpenSSH public key line: `ssh-ed25519 AAAA… comment` (ed25519, ECDSA or RSA of at least 2048 bits)." }),
      )
      .max(MAX_SFTP_KEYS)
      .meta({ description: "Every key that may sign in; the list replaces the one before. An empty list leaves the apicode as the only way in." }),
  })
  .meta({ id: "SftpKeysRequest" });
export type SftpKeysRequest = z.output<typeof sftpKeysRequestSchema>;

const sftpKeySchema = z
  .object({
    algorithm: z.string(),
    fingerprint: z.string().meta({ description: "SHA256:… as `ssh-keygen -l` prints it." }),
    comment: z.string().nullable(),
    added: z.string(),
  })
  .meta({ id: "SftpKey" });

export const sftpKeysSchema = z
  .object({
    username: z.string().meta({ description: "The SFTP user name of this profile: `<environment>.<cid>`." }),
    keys: z.array(sftpKeySchema),
  })
  .meta({ id: "SftpKeys" });
export type SftpKeys = z.output<typeof sftpKeysSchema>;
