import { describe, expect, it } from "vitest";

import { datasetItemSchema } from "./dataset-item";
import { isLetter, upgradeLegacyLetter } from "./legacy-letter";
import { minimumDataProblems } from "./minimum-data";

/** A letter of the older generation, using every older member name of Versioning point 3. */
const legacyLetter = {
  jobtype: "301",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  deliverymethod: "email",
  countrycode: "FIN",
  country: "Finland",
  emailaddress: "maija@example.fi",
  phonenumber: "+358 40 123 4567",
  filename: "letter-1.pdf",
  contractnumber: "E-1001",
  customernumber: "K-1",
  "{base_url}": "SITE-7",
  deliverysite: { address: "Sähkötie 5" },
  propertyrow: [{ propname: "documenttype", propvalue: "electricityinvoice" }],
};

describe("isLetter", () => {
  it("recognises a letter by jobtype 301, sent as an integer or a string", () => {
    expect(isLetter({ jobtype: 301 })).toBe(true);
    expect(isLetter({ jobtype: "301" })).toBe(true);
  });

  it("does not take other jobs or non-objects for letters", () => {
    for (const value of [{ jobtype: 0 }, { jobtype: "300" }, {}, null, [301], "301", 301]) expect(isLetter(value)).toBe(false);
  });
});

describe("upgradeLegacyLetter: Versioning point 3", () => {
  it("maps every older member name to the newer one", () => {
    const { item } = upgradeLegacyLetter(legacyLetter);
    expect(item).toEqual({
      jobtype: "301",
      customertype: "2",
      person: "Maija Meikäläinen",
      address: "Esimerkkikatu 1",
      postcode: "00100",
      city: "Helsinki",
      sendtype: "email",
      addresscountry: "FIN",
      countryname: "Finland",
      email: "maija@example.fi",
      phone: "+358 40 123 4567",
      custnum: "K-1",
      image: { filename: "letter-1.pdf" },
      usageplaces: [{ address: { address: "Sähkötie 5", sitecode: "SITE-7" }, energycontract: [{ contract_no: "E-1001" }] }],
      propertyrow: [{ propname: "documenttype", propvalue: "electricityinvoice" }],
    });
  });

  it("lists each mapping as 'old → new' for the notice", () => {
    expect(upgradeLegacyLetter(legacyLetter).mapped.sort()).toEqual(
      [
        "deliverymethod → sendtype",
        "countrycode → addresscountry",
        "country → countryname",
        "emailaddress → email",
        "phonenumber → phone",
        "customernumber → custnum",
        "filename → image.filename",
        "deliverysite.address → usageplaces.address.address",
        "{base_url} → usageplaces.address.sitecode",
        "contractnumber → usageplaces.energycontract.contract_no",
      ].sort(),
    );
  });

  it.each([
    ["deliverymethod", "sendtype", "post"],
    ["countrycode", "addresscountry", "SWE"],
    ["country", "countryname", "Sweden"],
    ["emailaddress", "email", "a@example.se"],
    ["phonenumber", "phone", "+46 8 123 456"],
    ["customernumber", "custnum", "C-9"],
  ])("renames %s to %s, leaving no older name behind", (from, to, value) => {
    const { item, mapped } = upgradeLegacyLetter({ jobtype: 301, [from]: value });
    expect(item).toEqual({ jobtype: 301, [to]: value });
    expect(mapped).toEqual([`${from} → ${to}`]);
  });

  it("moves filename into image.filename and keeps an embedded image.file beside it", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, filename: "a.pdf" }).item).toEqual({ jobtype: 301, image: { filename: "a.pdf" } });
    expect(upgradeLegacyLetter({ jobtype: 301, filename: "a.pdf", image: { file: "JVBERi0=" } }).item).toEqual({
      jobtype: 301,
      image: { file: "JVBERi0=", filename: "a.pdf" },
    });
  });

  it("nests the flat place of use in usageplaces[0]: contract number, site code and site address", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, contractnumber: "E-1" }).item).toEqual({
      jobtype: 301,
      usageplaces: [{ energycontract: [{ contract_no: "E-1" }] }],
    });
    expect(upgradeLegacyLetter({ jobtype: 301, "{base_url}": "S-1" }).item).toEqual({ jobtype: 301, usageplaces: [{ address: { sitecode: "S-1" } }] });
    expect(upgradeLegacyLetter({ jobtype: 301, deliverysite: { address: "Tie 1" } }).item).toEqual({
      jobtype: 301,
      usageplaces: [{ address: { address: "Tie 1" } }],
    });
  });

  it("keeps the other members of deliverysite where they were", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, deliverysite: { address: "Tie 1", city: "Espoo" } }).item).toEqual({
      jobtype: 301,
      deliverysite: { city: "Espoo" },
      usageplaces: [{ address: { address: "Tie 1" } }],
    });
  });

  it("lets a newer member that is present win over its older name, and says so", () => {
    const { item, mapped } = upgradeLegacyLetter({
      jobtype: 301,
      sendtype: "post",
      deliverymethod: "email",
      email: "new@example.fi",
      emailaddress: "old@example.fi",
    });
    expect(item).toEqual({ jobtype: 301, sendtype: "post", email: "new@example.fi" });
    expect(mapped).toEqual(["deliverymethod ignored: sendtype is present", "emailaddress ignored: email is present"]);
  });

  it("fills a newer member that is present but empty from its older name", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, email: "", emailaddress: "old@example.fi" }).item).toEqual({ jobtype: 301, email: "old@example.fi" });
    expect(upgradeLegacyLetter({ jobtype: 301, phone: null, phonenumber: "+358 9 1" }).item).toEqual({ jobtype: 301, phone: "+358 9 1" });
  });

  it("keeps image.filename when both it and the older filename are present", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, filename: "old.pdf", image: { filename: "new.pdf" } }).item).toEqual({
      jobtype: 301,
      image: { filename: "new.pdf" },
    });
  });

  it("keeps usageplaces when both it and the older flat place of use are present, and says so", () => {
    const usageplaces = [{ energycontract: [{ contract_no: "NEW" }] }];
    const { item, mapped } = upgradeLegacyLetter({ jobtype: 301, contractnumber: "OLD", usageplaces });
    expect(item).toEqual({ jobtype: 301, usageplaces });
    expect(mapped).toEqual(["contractnumber ignored: usageplaces is present"]);
  });

  it("leaves a letter of the newer generation untouched, with nothing mapped", () => {
    const modern = upgradeLegacyLetter(legacyLetter).item;
    expect(upgradeLegacyLetter(modern)).toEqual({ item: modern, mapped: [] });
  });

  it("does not change the object it was given", () => {
    const input = { jobtype: 301, countrycode: "FIN", deliverysite: { address: "Tie 1", city: "Espoo" } };
    const copy = structuredClone(input);
    upgradeLegacyLetter(input);
    expect(input).toEqual(copy);
  });

  it("maps letters only: on an invoice deliverymethod and country are members of their own", () => {
    const invoice = { jobtype: "0", deliverymethod: "Courier", country: "FIN", filename: "x.pdf" };
    expect(upgradeLegacyLetter(invoice)).toEqual({ item: invoice, mapped: [] });
  });

  it("passes anything that is not an object through unchanged", () => {
    for (const value of [null, undefined, "x", 5, [{ jobtype: 301 }]]) expect(upgradeLegacyLetter(value)).toEqual({ item: value, mapped: [] });
  });

  it("gives a mapped older letter that the dataset item schema and the minimum data accept", () => {
    const item = datasetItemSchema.parse(upgradeLegacyLetter(legacyLetter).item);
    expect(item).toMatchObject({ jobtype: 301, sendtype: "email", addresscountry: "FIN", countryname: "Finland", email: "maija@example.fi" });
    expect(minimumDataProblems(item, "FIN")).toEqual([]);
  });

  // DOUBTFUL (legacy-letter.ts): every other older name that loses to its newer member is reported
  // ("… ignored: … is present"), but a filename that loses to image.filename disappears silently,
  // so the caller's notice does not say that its filename was dropped.
  it("says that the older filename was ignored when image.filename is present", () => {
    expect(upgradeLegacyLetter({ jobtype: 301, filename: "old.pdf", image: { filename: "new.pdf" } }).mapped).toEqual([
      "filename ignored: image.filename is present",
    ]);
  });

  // DEFECT (legacy-letter.ts): with usageplaces present, contractnumber is not mapped, yet mapped
  // reports both "contractnumber → usageplaces.energycontract.contract_no" and "legacy place of use
  // ignored": move() records the mapping before it is known whether the place will be used, so the
  // notice claims a mapping that did not happen.
  it("does not report a mapping of contractnumber that was ignored", () => {
    const { mapped } = upgradeLegacyLetter({ jobtype: 301, contractnumber: "OLD", usageplaces: [{ energycontract: [{ contract_no: "NEW" }] }] });
    expect(mapped).not.toContain("contractnumber → usageplaces.energycontract.contract_no");
  });
});
