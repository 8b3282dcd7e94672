/**
 * mailboxKey: the mailbox an address reaches, as the acknowledgement limits count it; and
 * mailDomainKey: the domain its counts pool under.
 */
import { describe, expect, it } from 'vitest';
import { mailDomainKey, mailboxKey } from '../../../src/lib/schemas/index.ts';

describe('mailboxKey', () => {
  it.each([
    ['victim@gmail.com', 'victim@gmail.com'],
    ['Victim+1@GMAIL.com', 'victim@gmail.com'],
    ['v.i.c.t.i.m+2@googlemail.com', 'victim@gmail.com'],
    ['victim@gmail.com.', 'victim@gmail.com'],
    ['asha+news@example.org', 'asha@example.org'],
    ['asha.menon@example.org', 'asha.menon@example.org'],
    ['mary-jane@example.org', 'mary-jane@example.org'],
    ['asha-shop@yahoo.com', 'asha@yahoo.com'],
    ['asha-shop+x@ymail.com', 'asha@ymail.com'],
    ['+only@example.org', '+only@example.org'],
    ['josé@bücher.de', 'josé@xn--bcher-kva.de'],
    ['\u200basha@EXAMPLE.org', 'asha@example.org'],
  ])('%j reaches %j', (address, mailbox) => {
    expect(mailboxKey(address)).toBe(mailbox);
    expect(mailboxKey(mailbox)).toBe(mailbox);
  });
});

describe('mailDomainKey', () => {
  it.each([
    ['a@gmail.com', 'gmail.com'],
    ['a@mail.corp.example', 'corp.example'],
    ['a@x.y.corp.example', 'corp.example'],
    ['a@example.co.uk', 'example.co.uk'],
    ['a@mail.example.co.uk', 'example.co.uk'],
    ['a@kerala.gov.in', 'kerala.gov.in'],
    ['a@example.in', 'example.in'],
  ])('%j counts under %j', (mailbox, domain) => {
    expect(mailDomainKey(mailbox)).toBe(domain);
  });
});
