/**
 * The e-mails a visitor and the office receive, as sent (issue 41, "Measure and report"): posts
 * one enquiry, one contact message and one job application in each language to the real functions, against a
 * temporary local Blobs server, with the mail going to a loopback SMTP server, delivers the
 * outbox, and writes each message received as a mail client shows it (Subject, To, From and the
 * decoded text body) to `<out>/mail-<enquiry|contact|application>-<lang>-<ack|notify>.txt`.
 *
 *   node_modules/.bin/node scripts/mail-samples.ts [out-dir]   (default /tmp/visitor-measures)
 *
 * Loopback only; touches no data of `npm start`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { SMTPServer } from 'smtp-server';
import contactFn from '../functions/contact.ts';
import applicationsFn from '../functions/applications.ts';
import { makePdf } from '../tests/support/hostile-files.ts';
import enquiriesFn from '../functions/enquiries.ts';
import { issueChallenge } from '../functions/_lib/proof-of-work.ts';
import { deliverDue } from '../functions/_lib/outbox.ts';
import { encodeProof, solve, type ProofChallenge } from '../src/lib/proof/solver.ts';
import { site } from '../src/config/site.ts';
import { createLocalBlobsServer } from './local-blobs.ts';
import { sampleEnquiry } from './bench-kit.ts';

const out = process.argv[2] ?? '/tmp/visitor-measures';

/** The multipart body of an application: its fields, consent, and a one-page PDF as the CV. */
function applicationBody(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  form.set('consent', 'yes');
  form.set('cv', new Blob([new Uint8Array(makePdf())], { type: 'application/pdf' }), 'cv.pdf');
  return form;
}
const TOKEN = 'mail-samples-token';

/** Realistic leads per language: what a visitor in Kerala, the Gulf or the UK would send. */
const LEADS = {
  en: {
    enquiry: sampleEnquiry({
      fullName: 'Sarah Thompson',
      emailAddress: 'sarah.thompson@example.co.uk',
      phoneNumber: '+44 20 7946 0958',
      country: 'United Kingdom',
      stateProvince: 'England',
      cityTownVillage: 'Leeds',
      fullAddress: '14 Park Row, Leeds LS1 5HD',
      enquiryType: 'Institution / Business / Government',
      institutionName: 'Northfield Primary School',
      institutionType: ['Educational', 'Others'],
      institutionTypeOther: 'Community centre',
      renewableEnergyUsed: 'Yes',
      renewableEnergySpecify: '12 kW rooftop solar since 2019',
      additionalComments: 'We would like a quote before the spring term.',
    }),
    contact: {
      name: 'Sarah Thompson',
      email: 'sarah.t@example.co.uk',
      message: 'Do you carry out environmental impact assessments in the UK?',
    },
    application: {
      name: 'Daniel Okafor',
      email: 'daniel.okafor@example.com',
      phone: '+44 7700 900123',
      opening: 'open',
      location: 'Manchester, United Kingdom',
      coverNote: 'Environmental engineer, eight years of impact assessments for wind farms.',
    },
  },
  ml: {
    enquiry: sampleEnquiry({
      fullName: 'അനിത നായർ',
      designation: 'ഫെസിലിറ്റി മാനേജർ',
      emailAddress: 'anitha.nair@example.in',
      phoneNumber: '+91 98470 12345',
      country: 'ഇന്ത്യ',
      stateProvince: 'കേരളം',
      cityTownVillage: 'തൃശ്ശൂർ',
      fullAddress: 'പാലസ് റോഡ്, തൃശ്ശൂർ 680020',
      monthlyElectricityBill: '൧൨൫൦൦',
      additionalComments: 'വേനൽക്കാലത്ത് വൈദ്യുതി മുടക്കം പതിവാണ്. ഒരു സന്ദർശനം ക്രമീകരിക്കാമോ?',
    }),
    contact: {
      name: 'രാജേഷ് കുമാർ',
      email: 'rajesh.kumar@example.in',
      phone: '(0484) 200 0000',
      message: 'ഞങ്ങളുടെ പഞ്ചായത്തിലെ മാലിന്യ സംസ്കരണത്തെക്കുറിച്ച് സംസാരിക്കാൻ ആഗ്രഹിക്കുന്നു.',
    },
    application: {
      name: 'അനു വർഗീസ്',
      email: 'anu.varghese@example.in',
      phone: '+91 94470 12345',
      opening: 'open',
      location: 'കോട്ടയം, കേരളം',
      coverNote: 'ബയോഗ്യാസ് പ്ലാന്റുകളുടെ പരിപാലനത്തിൽ അഞ്ചു വർഷത്തെ പരിചയമുണ്ട്.',
    },
  },
  ar: {
    enquiry: sampleEnquiry({
      fullName: 'فاطمة الزهراء',
      designation: 'مديرة المرافق',
      emailAddress: 'fatima@example.ae',
      phoneNumber: '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧',
      country: 'الإمارات العربية المتحدة',
      stateProvince: 'دبي',
      cityTownVillage: 'دبي',
      fullAddress: 'شارع الشيخ زايد، برج 12، الطابق 8',
      enquiryType: 'Institution / Business / Government',
      institutionName: 'فندق الواحة',
      institutionType: ['Hospitality (Hotels, Resorts)'],
      purposeOfUse: 'Grid Tie/Net Metering',
      generatorCapacity: '250 kWh - 1 MW',
      monthlyElectricityBill: '٣٥٠٠٠',
      renewableEnergyUsed: 'Yes',
      renewableEnergySpecify: 'سخانات مياه شمسية',
      additionalComments: 'نرغب في زيارة للموقع خلال الشهر القادم.',
    }),
    contact: {
      name: 'أحمد المنصوري',
      email: 'ahmed@example.ae',
      phone: '+971 4 123 4567',
      message: 'هل تقدمون دراسات تقييم الأثر البيئي في دولة الإمارات؟',
    },
    application: {
      name: 'ليلى حداد',
      email: 'layla.haddad@example.ae',
      phone: '+971 50 123 4567',
      opening: 'open',
      location: 'دبي، الإمارات العربية المتحدة',
      coverNote: 'مهندسة طاقة شمسية، خبرة ست سنوات في تصميم الأنظمة على الأسطح.',
    },
  },
} as const;

/** A solved proof of work a minute old, as the forms send it (small, so this runs fast). */
async function proof(): Promise<string> {
  process.env['ALTCHA_MAX_NUMBER'] = '5';
  try {
    const challenge = (await issueChallenge({ params: {} }, Date.now() - 60_000)) as ProofChallenge;
    return encodeProof(challenge, (await solve(challenge))!);
  } finally {
    delete process.env['ALTCHA_MAX_NUMBER'];
  }
}

/** Quoted-printable and base64 bodies decoded, headers unfolded and decoded (RFC 2047). */
function asClientShows(raw: string): string {
  const [head = '', ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  const headers = head.replace(/\n[ \t]+/g, ' ');
  const header = (name: string) =>
    decodeWords(new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const body = rest.join('\n\n');
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8')
        : body;
  return `Subject: ${header('Subject')}\nTo: ${header('To')}\nFrom: ${header('From')}\n\n${text}`;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8'),
    );
}

const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map(({ address }) => address), raw });
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const directory = await mkdtemp(join(tmpdir(), 'mail-samples-'));
const blobs = createLocalBlobsServer({ directory, token: TOKEN });
const { port } = await blobs.start();
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: 'mail-samples', token: TOKEN, edgeURL: url, uncachedEdgeURL: url });
Object.assign(process.env, {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  SMTP_SECURE: 'false',
  ACKNOWLEDGE_SENDER: 'true',
  CONTEXT: '',
});

try {
  await mkdir(out, { recursive: true });
  let ip = 10;
  for (const [lang, leads] of Object.entries(LEADS)) {
    for (const [kind, handler, path, fields] of [
      ['enquiry', enquiriesFn, '/api/enquiries', leads.enquiry],
      ['contact', contactFn, '/api/contact', leads.contact],
      ['application', applicationsFn, '/api/applications', leads.application],
    ] as const) {
      received.length = 0;
      const values = { ...fields, lang, altcha: await proof() };
      // An application is a form with a file, as the careers page sends it.
      const request =
        kind === 'application'
          ? new Request(`http://localhost:8888${path}`, {
              method: 'POST',
              headers: { accept: 'application/json' },
              body: applicationBody(values),
            })
          : new Request(`http://localhost:8888${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(values),
            });
      const res = await handler(request, { params: {}, ip: `203.0.113.${ip++}` });
      console.log(`${kind} ${lang}: ${res.status} ${await res.text()}`);
      await deliverDue(undefined);
      for (const mail of received) {
        const role = mail.to.includes(site.email) ? 'notify' : 'ack';
        const file = join(out, `mail-${kind}-${lang}-${role}.txt`);
        await writeFile(file, asClientShows(mail.raw));
        await writeFile(file.replace(/\.txt$/, '.eml'), mail.raw);
        console.log(`  ${role} → ${file}`);
      }
    }
  }
} finally {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await blobs.stop();
  await rm(directory, { recursive: true, force: true });
}
