import { keyAndParams, keyWithParams } from "../../spec/keyed-message";
import { englishRule } from "../../spec/rules";

import { defineTexts, fillText, type Locale } from "./locale";
import { ruleText } from "./rule-texts";

/*
 * The portal's own messages (its forms' checks and its actions' refusals) by stable key, in every
 * language. A zod schema or an ActionError carries `keyed("tooLong", { max: 40 })`, the same string
 * in the browser and on the server, and whoever shows it looks the key up in the reader's language
 * (messageText), so no code matches on English wording. A message that is no key here is the
 * interface's (a rule of lib/spec/rules.ts, said by its own key) or the service's own words, shown
 * as they are. A key without a text in every language is a type error (defineTexts).
 */

export const MESSAGE_TEXTS = defineTexts({
  eng: {
    signInAgain: "Sign in again.",
    roleMayNot: "Your role may not do this.",
    checkFields: "Check the marked fields.",
    failedOnOurSide: "Something went wrong on our side; nothing was lost. Try again in a moment.",
    enterIt: "Enter it.",
    tooLong: "At most {max} characters.",
    enterNumber: "Enter a number.",
    wholeNumber: "Enter a whole number.",
    notBelowZero: "Not below 0.",
    chooseAtLeastOne: "Choose at least one.",
    enterDate: "Enter a date.",
    enterAmount: "Enter the amount.",
    amountAboveZero: "Enter an amount more than 0, such as 125.50.",
    enterInvoiceNumber: "Enter the invoice's number.",
    wholeDays: "Enter a whole number of days.",
    atLeastOneDay: "Enter at least 1 day.",
    atMostDays: "Enter at most {max} days.",
    enterGovid: "Enter a business id or personal identity code.",
    enterCreditAmount: "Enter the amount of credit.",
    creditAmountFormat: "Enter an amount, such as 1500 or 1500,00.",
    moreThanZero: "More than 0.",
    tooLarge: "Too large.",
    connectionName: "Give the connection a name.",
    connectionAddress: "Enter the environment's address, ending in /rest.",
    httpAddress: "Use an http or https address.",
    enterCid: "Enter the cid from the provider.",
    enterApicode: "Enter the apicode from the provider.",
    noSuchConnection: "That connection does not exist.",
    chooseConnection: "Choose one of your connections.",
    publicAddress: "Use the provider's public address; addresses on the local network are not allowed.",
    httpsInProduction: "A production environment is reached over https.",
    tokensPaused: "The service refuses new tokens for this cid for now (too many wrong attempts).",
    tokensPausedFor: "The service refuses new tokens for this cid for now (too many wrong attempts). Try again in {seconds} s.",
    credentialsRefused: "The service refused this cid and apicode. Check both; the apicode is the one the service gave for this environment.",
    noServiceHere: "No answer from a service here: {reason} Check the address (it ends in /rest).",
    connectionNotAccepted: "The service did not accept this connection; nothing was saved.",
    connectionKept: "Customer profiles were onboarded through this connection, so it stays; change its apicode or address instead.",
    pollsNotPush: "This connection polls; switch it to push first.",
    draftNotSaved: "This draft cannot be saved. Open the form again to start a new one.",
    tooManyDrafts: "You have {max} drafts; delete some before saving another.",
    invalidParameters: "These parameters are not valid: {names}.",
    productQueryInvalid: "The query names no country (FIN, SWE or NOR), or its text is longer than 100 characters.",
    tooManyUsers: "At most {max} users.",
    uploadNoAnswer: "The service did not answer. Jobs it had already answered are stored.",
    uploadFailedOnOurSide: "Something went wrong on our side. Upload the same file again: nothing is posted twice.",
    serviceTimedOut: "The service did not answer in time.",
    serviceUnreachable: "The service could not be reached.",
    serviceUnreachableAt: "Could not reach the service at {address} ({cause}).",
    serviceTimedOutAt: "No answer from the service at {address} within {seconds} s.",
    pollingFailed: "Polling failed: {reason}",
    catchUpFailed: "Registered, but catching up by polling failed: {reason}",
    pollingStopped: "Polling stopped: the service answered GET /events with messages that are not status events.",
    serviceAnswerUnreadable: "The service gave an answer the portal could not read (HTTP {status}).",
    tooLargeToSend: "Too large for one request to the service; nothing was sent.",
  },
  fin: {
    signInAgain: "Kirjaudu uudelleen sisään.",
    roleMayNot: "Roolisi ei salli tätä.",
    checkFields: "Tarkista merkityt kentät.",
    failedOnOurSide: "Meillä meni jokin vikaan; mitään ei kadonnut. Yritä hetken kuluttua uudelleen.",
    enterIt: "Pakollinen tieto.",
    tooLong: "Enintään {max} merkkiä.",
    enterNumber: "Anna luku.",
    wholeNumber: "Anna kokonaisluku.",
    notBelowZero: "Ei voi olla alle 0.",
    chooseAtLeastOne: "Valitse vähintään yksi.",
    enterDate: "Anna päivämäärä.",
    enterAmount: "Anna summa.",
    amountAboveZero: "Anna nollaa suurempi summa, esimerkiksi 125,50.",
    enterInvoiceNumber: "Anna laskun numero.",
    wholeDays: "Anna päivien määrä kokonaislukuna.",
    atLeastOneDay: "Vähintään 1 päivä.",
    atMostDays: "Enintään {max} päivää.",
    enterGovid: "Anna Y-tunnus tai henkilötunnus.",
    enterCreditAmount: "Anna luoton määrä.",
    creditAmountFormat: "Anna summa, esimerkiksi 1500 tai 1500,00.",
    moreThanZero: "Summan on oltava suurempi kuin 0.",
    tooLarge: "Liian suuri.",
    connectionName: "Anna yhteydelle nimi.",
    connectionAddress: "Anna ympäristön osoite; se päättyy /rest.",
    httpAddress: "Käytä http- tai https-osoitetta.",
    enterCid: "Anna palveluntarjoajalta saatu cid.",
    enterApicode: "Anna palveluntarjoajalta saatu apicode.",
    noSuchConnection: "Yhteyttä ei ole.",
    chooseConnection: "Valitse jokin organisaatiosi yhteyksistä.",
    publicAddress: "Käytä palveluntarjoajan julkista osoitetta; lähiverkon osoitteet eivät ole sallittuja.",
    httpsInProduction: "Tuotantoympäristöön otetaan yhteys https-osoitteella.",
    tokensPaused: "Palvelu ei toistaiseksi anna tälle cid:lle uusia tunnisteita (liian monta väärää yritystä).",
    tokensPausedFor: "Palvelu ei toistaiseksi anna tälle cid:lle uusia tunnisteita (liian monta väärää yritystä). Yritä uudelleen {seconds} sekunnin kuluttua.",
    credentialsRefused: "Palvelu hylkäsi tämän cid:n ja apicoden. Tarkista molemmat; apicode on se, jonka palvelu antoi tälle ympäristölle.",
    noServiceHere: "Tässä osoitteessa ei vastaa palvelua. Tarkista osoite (se päättyy /rest).",
    connectionNotAccepted: "Palvelu ei hyväksynyt yhteyttä; mitään ei tallennettu.",
    connectionKept: "Tämän yhteyden kautta on otettu käyttöön asiakasprofiileja, joten se säilyy; vaihda sen apicode tai osoite.",
    pollsNotPush: "Tämä yhteys hakee tapahtumat kyselemällä; vaihda se ensin lähettämään vastaanottimelle.",
    draftNotSaved: "Luonnosta ei voi tallentaa. Avaa lomake uudelleen aloittaaksesi uuden.",
    tooManyDrafts: "Sinulla on {max} luonnosta; poista joitakin ennen kuin tallennat uuden.",
    invalidParameters: "Nämä parametrit eivät kelpaa: {names}.",
    productQueryInvalid: "Hausta puuttuu maa (FIN, SWE tai NOR), tai sen teksti on yli 100 merkkiä.",
    tooManyUsers: "Enintään {max} käyttäjää.",
    uploadNoAnswer: "Palvelu ei vastannut. Työt, joihin se ehti vastata, on tallennettu.",
    uploadFailedOnOurSide: "Meillä meni jokin vikaan. Lähetä sama tiedosto uudelleen: mitään ei lähetetä kahdesti.",
    serviceTimedOut: "Palvelu ei vastannut ajoissa.",
    serviceUnreachable: "Palveluun ei saatu yhteyttä.",
    serviceUnreachableAt: "Palveluun osoitteessa {address} ei saatu yhteyttä ({cause}).",
    serviceTimedOutAt: "Palvelu osoitteessa {address} ei vastannut {seconds} sekunnissa.",
    pollingFailed: "Tapahtumien haku epäonnistui: {reason}",
    catchUpFailed: "Rekisteröity, mutta puuttuvien tapahtumien haku epäonnistui: {reason}",
    pollingStopped: "Tapahtumien haku keskeytettiin: palvelu vastasi GET /events -kutsuun viesteillä, jotka eivät ole tilatapahtumia.",
    serviceAnswerUnreadable: "Palvelun vastausta ei voitu lukea (HTTP {status}).",
    tooLargeToSend: "Liian suuri yhteen pyyntöön palveluun; mitään ei lähetetty.",
  },
  swe: {
    signInAgain: "Logga in igen.",
    roleMayNot: "Din roll får inte göra detta.",
    checkFields: "Kontrollera de markerade fälten.",
    failedOnOurSide: "Något gick fel hos oss; inget gick förlorat. Försök igen om en stund.",
    enterIt: "Obligatorisk uppgift.",
    tooLong: "Högst {max} tecken.",
    enterNumber: "Ange ett tal.",
    wholeNumber: "Ange ett heltal.",
    notBelowZero: "Får inte vara under 0.",
    chooseAtLeastOne: "Välj minst ett.",
    enterDate: "Ange ett datum.",
    enterAmount: "Ange beloppet.",
    amountAboveZero: "Ange ett belopp större än 0, till exempel 125,50.",
    enterInvoiceNumber: "Ange fakturans nummer.",
    wholeDays: "Ange antal dagar som ett heltal.",
    atLeastOneDay: "Minst 1 dag.",
    atMostDays: "Högst {max} dagar.",
    enterGovid: "Ange ett organisationsnummer eller personnummer.",
    enterCreditAmount: "Ange kreditbeloppet.",
    creditAmountFormat: "Ange ett belopp, till exempel 1500 eller 1500,00.",
    moreThanZero: "Beloppet måste vara större än 0.",
    tooLarge: "För stort.",
    connectionName: "Ge anslutningen ett namn.",
    connectionAddress: "Ange miljöns adress; den slutar på /rest.",
    httpAddress: "Använd en http- eller https-adress.",
    enterCid: "Ange det cid som leverantören gav.",
    enterApicode: "Ange den apicode som leverantören gav.",
    noSuchConnection: "Anslutningen finns inte.",
    chooseConnection: "Välj en av organisationens anslutningar.",
    publicAddress: "Använd leverantörens offentliga adress; adresser i det lokala nätverket är inte tillåtna.",
    httpsInProduction: "En produktionsmiljö nås över https.",
    tokensPaused: "Tjänsten ger tills vidare inga nya token för detta cid (för många felaktiga försök).",
    tokensPausedFor: "Tjänsten ger tills vidare inga nya token för detta cid (för många felaktiga försök). Försök igen om {seconds} s.",
    credentialsRefused: "Tjänsten avvisade detta cid och denna apicode. Kontrollera båda; apicoden är den som tjänsten gav för den här miljön.",
    noServiceHere: "Ingen tjänst svarar på den här adressen. Kontrollera adressen (den slutar på /rest).",
    connectionNotAccepted: "Tjänsten godtog inte anslutningen; inget sparades.",
    connectionKept: "Kundprofiler har anslutits genom den här anslutningen, så den finns kvar; byt i stället dess apicode eller adress.",
    pollsNotPush: "Den här anslutningen hämtar händelser genom avfrågning; ställ först om den till att skicka till mottagaren.",
    draftNotSaved: "Utkastet kan inte sparas. Öppna formuläret igen för att börja på ett nytt.",
    tooManyDrafts: "Du har {max} utkast; ta bort några innan du sparar ett till.",
    invalidParameters: "De här parametrarna är inte giltiga: {names}.",
    productQueryInvalid: "Sökningen anger inget land (FIN, SWE eller NOR), eller så är texten längre än 100 tecken.",
    tooManyUsers: "Högst {max} användare.",
    uploadNoAnswer: "Tjänsten svarade inte. De jobb som den redan hade svarat på är sparade.",
    uploadFailedOnOurSide: "Något gick fel hos oss. Ladda upp samma fil igen: inget skickas två gånger.",
    serviceTimedOut: "Tjänsten svarade inte i tid.",
    serviceUnreachable: "Det gick inte att nå tjänsten.",
    serviceUnreachableAt: "Det gick inte att nå tjänsten på {address} ({cause}).",
    serviceTimedOutAt: "Tjänsten på {address} svarade inte inom {seconds} s.",
    pollingFailed: "Hämtningen av händelser misslyckades: {reason}",
    catchUpFailed: "Registrerad, men hämtningen av missade händelser misslyckades: {reason}",
    pollingStopped: "Hämtningen av händelser stoppades: tjänsten svarade på GET /events med meddelanden som inte är statushändelser.",
    serviceAnswerUnreadable: "Tjänstens svar gick inte att läsa (HTTP {status}).",
    tooLargeToSend: "För stort för en begäran till tjänsten; inget skickades.",
  },
  nor: {
    signInAgain: "Logg inn på nytt.",
    roleMayNot: "Rollen din har ikke lov til dette.",
    checkFields: "Kontroller de merkede feltene.",
    failedOnOurSide: "Noe gikk galt hos oss; ingenting gikk tapt. Prøv igjen om litt.",
    enterIt: "Påkrevd.",
    tooLong: "Høyst {max} tegn.",
    enterNumber: "Oppgi et tall.",
    wholeNumber: "Oppgi et heltall.",
    notBelowZero: "Kan ikke være under 0.",
    chooseAtLeastOne: "Velg minst ett.",
    enterDate: "Oppgi en dato.",
    enterAmount: "Oppgi beløpet.",
    amountAboveZero: "Oppgi et beløp større enn 0, for eksempel 125,50.",
    enterInvoiceNumber: "Oppgi fakturanummeret.",
    wholeDays: "Oppgi antall dager som et heltall.",
    atLeastOneDay: "Minst 1 dag.",
    atMostDays: "Høyst {max} dager.",
    enterGovid: "Oppgi et organisasjonsnummer eller fødselsnummer.",
    enterCreditAmount: "Oppgi kredittbeløpet.",
    creditAmountFormat: "Oppgi et beløp, for eksempel 1500 eller 1500,00.",
    moreThanZero: "Beløpet må være større enn 0.",
    tooLarge: "For stort.",
    connectionName: "Gi tilkoblingen et navn.",
    connectionAddress: "Oppgi miljøets adresse; den slutter på /rest.",
    httpAddress: "Bruk en http- eller https-adresse.",
    enterCid: "Oppgi cid fra leverandøren.",
    enterApicode: "Oppgi apicode fra leverandøren.",
    noSuchConnection: "Tilkoblingen finnes ikke.",
    chooseConnection: "Velg en av organisasjonens tilkoblinger.",
    publicAddress: "Bruk leverandørens offentlige adresse; adresser i det lokale nettverket er ikke tillatt.",
    httpsInProduction: "Et produksjonsmiljø nås over https.",
    tokensPaused: "Tjenesten gir foreløpig ingen nye token for denne cid-en (for mange feil forsøk).",
    tokensPausedFor: "Tjenesten gir foreløpig ingen nye token for denne cid-en (for mange feil forsøk). Prøv igjen om {seconds} s.",
    credentialsRefused: "Tjenesten avviste denne cid-en og apicoden. Kontroller begge; apicoden er den tjenesten ga for dette miljøet.",
    noServiceHere: "Ingen tjeneste svarer på denne adressen. Kontroller adressen (den slutter på /rest).",
    connectionNotAccepted: "Tjenesten godtok ikke tilkoblingen; ingenting ble lagret.",
    connectionKept: "Kundeprofiler er tatt i bruk gjennom denne tilkoblingen, så den blir værende; bytt heller apicode eller adresse.",
    pollsNotPush: "Denne tilkoblingen henter hendelser ved spørring; sett den først til å sende til mottakeren.",
    draftNotSaved: "Utkastet kan ikke lagres. Åpne skjemaet på nytt for å begynne på et nytt.",
    tooManyDrafts: "Du har {max} utkast; slett noen før du lagrer et nytt.",
    invalidParameters: "Disse parameterne er ikke gyldige: {names}.",
    productQueryInvalid: "Søket oppgir ikke noe land (FIN, SWE eller NOR), eller teksten er lengre enn 100 tegn.",
    tooManyUsers: "Høyst {max} brukere.",
    uploadNoAnswer: "Tjenesten svarte ikke. Jobbene den allerede hadde svart på, er lagret.",
    uploadFailedOnOurSide: "Noe gikk galt hos oss. Last opp den samme filen på nytt: ingenting sendes to ganger.",
    serviceTimedOut: "Tjenesten svarte ikke i tide.",
    serviceUnreachable: "Tjenesten kunne ikke nås.",
    serviceUnreachableAt: "Tjenesten på {address} kunne ikke nås ({cause}).",
    serviceTimedOutAt: "Tjenesten på {address} svarte ikke innen {seconds} s.",
    pollingFailed: "Henting av hendelser mislyktes: {reason}",
    catchUpFailed: "Registrert, men henting av manglende hendelser mislyktes: {reason}",
    pollingStopped: "Henting av hendelser ble stoppet: tjenesten svarte på GET /events med meldinger som ikke er statushendelser.",
    serviceAnswerUnreadable: "Tjenestens svar kunne ikke leses (HTTP {status}).",
    tooLargeToSend: "For stort for én forespørsel til tjenesten; ingenting ble sendt.",
  },
});

export type MessageKey = keyof (typeof MESSAGE_TEXTS)["eng"];
type MessageParams = Record<string, string | number>;

const isKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGE_TEXTS.eng, key);

/**
 * The message a schema or an action carries: the key, and its parameters after a "?" as a query
 * string ("tooLong?max=40"), so it travels as the plain string zod and the action's result hold.
 */
export function keyed(key: MessageKey, params?: MessageParams): string {
  return keyWithParams(key, params);
}

/** The key and parameters of a keyed message; null for any other text. */
export function keyOf(message: string): { key: MessageKey; params: Record<string, string> } | null {
  const { key, params } = keyAndParams(message);
  return isKey(key) ? { key, params } : null;
}

/**
 * A keyed message in the reader's language; null for any other text. A parameter that is itself a
 * keyed message (the reason inside "no answer from a service here: {reason}") is said too.
 */
export function keyedText(message: string, locale: Locale): string | null {
  const found = keyOf(message);
  if (!found) return null;
  const params = Object.fromEntries(Object.entries(found.params).map(([name, value]) => [name, (keyOf(value) && keyedText(value, locale)) ?? value]));
  return fillText(MESSAGE_TEXTS[locale][found.key], params);
}

/**
 * Any message as the reader reads it: the portal's own by its key, a rule of the interface by the
 * rule's key, anything else (the service's own words) as it came.
 */
export function messageText(message: string, locale: Locale): string {
  return keyedText(message, locale) ?? (locale === "eng" ? englishRule(message) : ruleText(message, locale)) ?? message;
}
