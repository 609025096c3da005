import type { OperationSpec } from "../operation";

import { accountOperations, accountTags } from "./accounts";
import { authOperations, authTags } from "./auth";
import { contractOperations, contractTags } from "./contracts";
import { creditOperations, creditTags } from "./credit";
import { debtorOperations, debtorTags } from "./debtor";
import { distributionOperations, distributionTags } from "./distribution";
import { eventOperations, eventTags } from "./events";
import { jobOperations, jobsTags } from "./jobs";
import { lifecycleOperations, lifecycleTags } from "./lifecycle";
import { paymentOperations, paymentTags } from "./payments";
import { problemOperations, problemTags } from "./problems";
import { profileOperations, profileTags } from "./profiles";
import { receiverProposalOperations, receiverProposalTags } from "./receiver-proposals";
import { reportOperations, reportTags } from "./reports";
import { stockOperations, stockTags } from "./stock";

/* Every operation of the REST interface, in the order the OpenAPI document lists them. */

export const OPERATIONS: readonly OperationSpec[] = [
  ...Object.values(authOperations),
  ...Object.values(jobOperations),
  ...Object.values(distributionOperations),
  ...Object.values(profileOperations),
  ...Object.values(contractOperations),
  ...Object.values(paymentOperations),
  ...Object.values(debtorOperations),
  ...Object.values(lifecycleOperations),
  ...Object.values(eventOperations),
  ...Object.values(accountOperations),
  ...Object.values(reportOperations),
  ...Object.values(creditOperations),
  ...Object.values(stockOperations),
  ...Object.values(receiverProposalOperations),
  ...Object.values(problemOperations),
];

/** The OpenAPI document's tags, each once, in the order of their areas. */
export const OPERATION_TAGS = [
  ...authTags,
  ...jobsTags,
  ...profileTags,
  ...contractTags,
  ...paymentTags,
  ...debtorTags,
  ...lifecycleTags,
  ...eventTags,
  ...distributionTags,
  ...accountTags,
  ...reportTags,
  ...creditTags,
  ...stockTags,
  ...receiverProposalTags,
  ...problemTags,
].filter((tag, index, all) => all.findIndex((other) => other.name === tag.name) === index);
