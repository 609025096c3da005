import type { Profile } from "../../../db/generated/sqlite/client";
import type { DatasetItem } from "../../../spec/dataset-item";
import type { Environment } from "../../../spec/environments";
import type { PrintSupply } from "../../../spec/stock";
import type { JobDocument } from "../../documents/job-documents";
import type { Deliverable } from "../make-deliverable";

import type { PrintRound } from "./print-batch";

/** The document and what its channel needs made from it (make-deliverable.ts); null where not made yet. */
export interface MadeDocument extends JobDocument {
  pages: Deliverable["pages"];
  message: Deliverable["message"];
  einvoice: Deliverable["einvoice"];
}

/** What a channel sender gets: the dispatch, the job's data and the document made for it. */
export interface SendContext {
  dispatch: { id: string; jobId: number; document: string; sendtype: string; attempts: number };
  /** The job's data; for a secondary channel with its own e-invoice address, with that address. */
  item: DatasetItem;
  environment: Environment;
  profile: Profile;
  made: MadeDocument;
  /** On the profile's clock. */
  now: Date;
  /** The calendar day of `now` in the environment's time zone. */
  today: string;
  dataDir: string;
  /** The distribution round this send is part of: its print lines are appended and manifests rebuilt together. */
  printRound?: PrintRound;
  /** Post: what the letter takes from the profile's stock of inserts and stationery (lib/service/stock). */
  supplies?: (letter: { pages: number; doubleSided: boolean }) => Promise<PrintSupply[]>;
}
