import { describe, expect, it } from "vitest";

import { fitPayerLines } from "./fit-payer-lines";

/* The payer box's lines, measured in characters: a box 20 characters wide. */

const box = (lines: number) => ({ width: 20, lines, widthOf: (text: string) => text.length });
const payer = { name: "Maija Meikäläinen", extraLines: [] as string[], street: "Esimerkkikatu 1", postcode: "00100", city: "Helsinki" };

describe("fitPayerLines", () => {
  it("prints an address that fits as it is", () => {
    expect(fitPayerLines({ ...payer, extraLines: ["c/o Virtanen"] }, box(4))).toEqual([
      "Maija Meikäläinen",
      "c/o Virtanen",
      "Esimerkkikatu 1",
      "00100 Helsinki",
    ]);
  });

  it("wraps a long line at spaces where the box has the lines", () => {
    expect(fitPayerLines({ ...payer, street: "Pitkä katu 12 A 3 c/o sisäpiha" }, box(5))).toEqual([
      "Maija Meikäläinen",
      "Pitkä katu 12 A 3",
      "c/o sisäpiha",
      "00100 Helsinki",
    ]);
  });

  it("shortens the street first, then the extra lines, then the name, and keeps the postcode and city", () => {
    const long = { ...payer, name: "Maija Marjatta Meikäläinen", extraLines: ["c/o Oy Isännöinti Palvelut Ab"], street: "Mannerheimintie 123 A 45 sisäpiha" };
    expect(fitPayerLines(long, box(6))).toEqual(["Maija Marjatta", "Meikäläinen", "c/o Oy Isännöinti", "Palvelut Ab", "Mannerheimintie …", "00100 Helsinki"]);
    expect(fitPayerLines(long, box(5))).toEqual(["Maija Marjatta", "Meikäläinen", "c/o Oy Isännöinti …", "Mannerheimintie …", "00100 Helsinki"]);
    expect(fitPayerLines(long, box(4))).toEqual(["Maija Marjatta …", "c/o Oy Isännöinti …", "Mannerheimintie …", "00100 Helsinki"]);
  });

  it("keeps the postcode and city alone in a box of one line, leaving the country out rather than spill it", () => {
    expect(fitPayerLines(payer, box(1), "RUOTSI")).toEqual(["00100 Helsinki"]);
    expect(fitPayerLines(payer, box(2), "RUOTSI")).toEqual(["00100 Helsinki", "RUOTSI"]);
  });

  it("leaves off the extra lines, the last first, where even one line each is too many", () => {
    const many = { ...payer, extraLines: ["c/o Virtanen", "Talousosasto", "PL 123"] };
    expect(fitPayerLines(many, box(4))).toEqual(["Maija Meikäläinen", "c/o Virtanen", "Esimerkkikatu 1", "00100 Helsinki"]);
    expect(fitPayerLines(many, box(3))).toEqual(["Maija Meikäläinen", "Esimerkkikatu 1", "00100 Helsinki"]);
  });

  it("cuts a word wider than the box rather than splitting it over two lines", () => {
    expect(fitPayerLines({ ...payer, street: "Lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilas 1" }, box(4))).toEqual([
      "Maija Meikäläinen",
      "Lentokonesuihkuturb…",
      "1",
      "00100 Helsinki",
    ]);
  });

  it("keeps a payer's country abroad under the postcode and city, the other lines giving up their room by the same rules", () => {
    expect(fitPayerLines({ ...payer, extraLines: ["c/o Virtanen"] }, box(5), "RUOTSI")).toEqual([
      "Maija Meikäläinen",
      "c/o Virtanen",
      "Esimerkkikatu 1",
      "00100 Helsinki",
      "RUOTSI",
    ]);
    expect(fitPayerLines({ ...payer, extraLines: ["c/o Virtanen"] }, box(4), "RUOTSI")).toEqual([
      "Maija Meikäläinen",
      "Esimerkkikatu 1",
      "00100 Helsinki",
      "RUOTSI",
    ]);
    expect(fitPayerLines({ ...payer, street: "Mannerheimintie 123 A 45" }, box(4), "YHDISTYNYT KUNINGASKUNTA")).toEqual([
      "Maija Meikäläinen",
      "Mannerheimintie …",
      "00100 Helsinki",
      "YHDISTYNYT …",
    ]);
  });
});
