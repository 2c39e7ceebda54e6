import type { Api, Group } from "./types";

export const groups: Group[] = [
  { name: "Payments", description: "Take payments from customers' phones.", needsReview: false },
  { name: "Treasury", description: "Move money out of your float. Needs an operator's review.", needsReview: true },
  { name: "Identity", description: "Check identity numbers against the register.", needsReview: false },
  { name: "Messaging", description: "Send text messages and follow their delivery.", needsReview: false },
];

export const apis: Api[] = [
  {
    id: "collect",
    name: "Collect",
    version: "1.2.0",
    prefix: "/collect/v1",
    group: "Payments",
    description: "Sends a payment prompt to a customer's phone; the customer approves with a PIN and the result is posted to your callback URL.",
    changes: "1.2.0 added `description` to the push request and the DUPLICATE_REFERENCE error.",
  },
  {
    id: "payouts",
    name: "Payouts",
    version: "1.0.3",
    prefix: "/payouts/v1",
    group: "Treasury",
    description: "Pays customers, agents and suppliers out of your float; the result is posted to your callback URL.",
    changes: "1.0.3: bank payouts return the receiving bank's reference in the callback (`bankReference`).",
  },
  {
    id: "identity",
    name: "Identity Check",
    version: "1.1.0",
    prefix: "/identity/v1",
    group: "Identity",
    description: "Verifies an identity number, and optionally the name, against the register.",
  },
  {
    id: "sms",
    name: "SMS",
    version: "1.4.1",
    prefix: "/messaging/v1",
    group: "Messaging",
    description: "Sends a text message and reports its delivery.",
  },
];
