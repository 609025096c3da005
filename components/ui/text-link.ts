/** The look of a link inside text or a table: underlined, and outlined when reached by keyboard. */
export const textLinkClass = "text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700";
