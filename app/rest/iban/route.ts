import { domesticIban } from "@/lib/payment-data/domestic-iban";
import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { accountOperations } from "@/lib/spec/operations/accounts";

/** GET /iban?account=…&country=…: a domestic account number as its IBAN (and BIC where it is derived). */
export const GET = route(accountOperations.iban, async ({ environment, query }) => {
  const country = query.country ?? environment.country;
  const result = domesticIban(country, query.account);
  if (result.ok) {
    const { bban, iban, ibanPrint, bic } = result;
    return Response.json({ country, account: query.account, bban, iban, ibanPrint, bic });
  }
  const { ok: _, reason, ...said } = result;
  const problems = [{ field: "account", code: "invalid" as const, ...said }];
  if (reason === "not_derivable") throw new ServiceError("not_derivable", "The IBAN of this Swedish account is not derived here.", { problems });
  throw new ServiceError("invalid_request", `The account is not a valid ${country} account number.`, { problems });
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(accountOperations.iban.path);
