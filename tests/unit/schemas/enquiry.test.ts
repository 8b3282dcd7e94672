import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_FIELDS,
  ENQUIRY_FIELD_LABELS,
  ENQUIRY_STEP_FIELDS,
  ENQUIRY_TYPES,
  GENERATOR_CAPACITIES,
  INSTALLATION_SITE_LOCATIONS,
  INSTITUTION_TYPES,
  PREFERRED_TIMELINES,
  PURPOSES_OF_USE,
  RENEWABLE_ENERGY_ANSWERS,
  SPACE_AVAILABLE_ANSWERS,
  emptyEnquiryValues,
  parseEnquiry,
  validateStep,
  type EnquiryFormValues,
} from '../../../src/lib/schemas/index.ts';
import { INSTITUTION, sampleEnquiry } from './samples.ts';

/** The wizard's values of a complete, valid enquiry, with `overrides` applied. */
function filled(overrides: Partial<EnquiryFormValues> = {}): EnquiryFormValues {
  return { ...emptyEnquiryValues(), ...sampleEnquiry(overrides) } as EnquiryFormValues;
}

describe('enumerations (the wizard choice lists)', () => {
  it('match the specification exactly', () => {
    expect(ENQUIRY_TYPES).toEqual(['Individual', INSTITUTION]);
    expect(INSTITUTION_TYPES).toEqual([
      'Commercial',
      'Industrial',
      'Government',
      'Educational',
      'Healthcare',
      'NGO / Non-profit',
      'Residential Complex',
      'Hospitality (Hotels, Resorts)',
      'Agricultural',
      'Others',
    ]);
    expect(PURPOSES_OF_USE).toEqual([
      'Primary Power Source',
      'Backup Power',
      'Grid Tie/Net Metering',
      'Off-grid / Remote Location',
      'Other',
    ]);
    expect(GENERATOR_CAPACITIES).toEqual([
      'Less than 10 kWh',
      '10 kWh - 50 kWh',
      '50 kWh - 250 kWh',
      '250 kWh - 1 MW',
      'Greater than 1 MW',
      'Not sure / Need consultation',
    ]);
    expect(RENEWABLE_ENERGY_ANSWERS).toEqual(['Yes', 'No']);
    expect(INSTALLATION_SITE_LOCATIONS).toEqual([
      'Rooftop',
      'Ground-mounted',
      'Water-body (e.g., Floating Solar)',
      'Integrated into Building Structure',
      'Other',
    ]);
    expect(SPACE_AVAILABLE_ANSWERS).toEqual(['Yes', 'No', 'Not sure']);
    expect(PREFERRED_TIMELINES).toEqual([
      'Immediately (within 1 month)',
      '1-3 months',
      '3-6 months',
      'More than 6 months',
      'Just exploring / No fixed timeline',
    ]);
  });
});

describe('validateStep (the field messages)', () => {
  it('step 1: required contact fields', () => {
    expect(validateStep(0, emptyEnquiryValues())).toEqual({
      fullName: 'This field is required.',
      emailAddress: 'This field is required.',
      phoneNumber: 'This field is required.',
      country: 'This field is required.',
      stateProvince: 'This field is required.',
      cityTownVillage: 'This field is required.',
    });
    expect(validateStep(0, filled())).toEqual({});
  });

  it.each([
    'asha',
    'asha@',
    'asha@example',
    '@example.org',
    'asha@.org',
    'asha@example.',
    'as ha@example.org',
    'a@b@c.d',
  ])('step 1: %j is an invalid e-mail', (emailAddress) => {
    expect(validateStep(0, filled({ emailAddress }))).toEqual({
      emailAddress: 'Invalid email format.',
    });
  });

  it.each(['a@b.c', 'first.last+tag@sub.example.co.in', 'x@y.z.', 'a@b..c'])(
    'step 1: %j matches text@text.text',
    (emailAddress) => {
      expect(validateStep(0, filled({ emailAddress }))).toEqual({});
    },
  );

  // Spaces, hyphens and a country code are allowed (issue 41): numbers.test.ts has the cases.
  it.each(['123456789', '98765 4321', '+91987654', '98765-4321x', 'abcdefghij'])(
    'step 1: phone %j has fewer than 10 digits, or more than digits and separators',
    (phoneNumber) => {
      expect(validateStep(0, filled({ phoneNumber }))).toEqual({
        phoneNumber: 'Phone number must be at least 10 digits.',
      });
    },
  );

  it('step 1: phone may be surrounded by spaces, and is at most 30 characters', () => {
    expect(validateStep(0, filled({ phoneNumber: ' 9876543210 ' }))).toEqual({});
    expect(validateStep(0, filled({ phoneNumber: '1'.repeat(31) }))).toEqual({
      phoneNumber: 'Please use at most 30 characters.',
    });
  });

  it('step 2: enquiry type required', () => {
    expect(validateStep(1, emptyEnquiryValues())).toEqual({
      enquiryType: 'Please select an enquiry type.',
    });
    expect(validateStep(1, filled({ enquiryType: 'Company' }))).toEqual({
      enquiryType: 'Please select an enquiry type.',
    });
    expect(validateStep(1, filled())).toEqual({});
  });

  it('step 2: institutions need a name and at least one type; Others needs detail', () => {
    expect(validateStep(1, filled({ enquiryType: INSTITUTION }))).toEqual({
      institutionName: 'Institution name is required.',
      institutionType: 'Please select at least one institution type.',
    });
    expect(
      validateStep(
        1,
        filled({
          enquiryType: INSTITUTION,
          institutionName: 'School',
          institutionType: ['Educational', 'Others'],
        }),
      ),
    ).toEqual({
      institutionTypeOther: 'Please specify.',
    });
    expect(
      validateStep(
        1,
        filled({
          enquiryType: INSTITUTION,
          institutionName: 'School',
          institutionType: ['Others'],
          institutionTypeOther: 'Trust',
        }),
      ),
    ).toEqual({});
  });

  it('step 2: stale institution answers never block an individual', () => {
    expect(validateStep(1, filled({ institutionType: ['Others'], institutionName: '' }))).toEqual(
      {},
    );
  });

  it('step 3: choices required; the renewable type only when Yes', () => {
    expect(validateStep(2, emptyEnquiryValues())).toEqual({
      purposeOfUse: 'Please select purpose of use.',
      generatorCapacity: 'Please select generator capacity.',
      renewableEnergyUsed: 'Please specify if renewable energy is currently used.',
    });
    expect(validateStep(2, filled({ renewableEnergyUsed: 'Yes' }))).toEqual({
      renewableEnergySpecify: 'Please specify the type of renewable energy.',
    });
    expect(
      validateStep(2, filled({ renewableEnergyUsed: 'Yes', renewableEnergySpecify: 'Solar' })),
    ).toEqual({});
  });

  it('step 3: the monthly bill is optional and numeric', () => {
    expect(validateStep(2, filled({ monthlyElectricityBill: '12000.50' }))).toEqual({});
    expect(validateStep(2, filled({ monthlyElectricityBill: 'lots' }))).toEqual({
      monthlyElectricityBill: 'Please enter the amount in numbers only.',
    });
    expect(validateStep(2, { ...filled(), monthlyElectricityBill: 4500 })).toEqual({});
  });

  it('step 4: site, space and timeline required', () => {
    expect(validateStep(3, emptyEnquiryValues())).toEqual({
      installationSiteLocation: 'Please specify installation site location.',
      spaceAvailable: 'Please specify if space is available.',
      preferredTimeline: 'Please select preferred timeline.',
    });
  });

  it('checks only the current step', () => {
    const onlyStep4 = {
      ...emptyEnquiryValues(),
      installationSiteLocation: 'Rooftop',
      spaceAvailable: 'Yes',
      preferredTimeline: '1-3 months',
    };
    expect(validateStep(3, onlyStep4)).toEqual({});
  });

  it('gives one message per field: the first rule that fails', () => {
    expect(validateStep(0, filled({ emailAddress: '   ' }))).toEqual({
      emailAddress: 'This field is required.',
    });
  });

  it('lists each step’s fields in order, covering every form field once', () => {
    expect(ENQUIRY_STEP_FIELDS[0][0]).toBe('fullName');
    const all = ENQUIRY_STEP_FIELDS.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(ENQUIRY_FIELDS.filter((field) => !all.includes(field as never))).toEqual([
      'howHearAboutUs',
      'howHearAboutUsOther',
      'receiveEmailUpdates',
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.anything(), (step, values) => {
        const errors = validateStep(step as 0 | 1 | 2 | 3, values);
        for (const message of Object.values(errors)) expect(typeof message).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseEnquiry (the whole enquiry)', () => {
  it('accepts a complete enquiry and trims text', () => {
    const result = parseEnquiry({ ...filled(), fullName: '  Asha  ' });
    expect(result.success).toBe(true);
    if (result.success) expect(result.output.fullName).toBe('Asha');
  });

  it('validates all four steps at once', () => {
    const result = parseEnquiry({});
    expect(result.success).toBe(false);
  });

  it('drops unknown fields and returns every entity field', () => {
    const result = parseEnquiry({ ...filled(), hack: 1, __proto__: { polluted: true } });
    expect(result.success && Object.keys(result.output).sort()).toEqual([...ENQUIRY_FIELDS].sort());
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('empties conditional fields that do not apply, and de-duplicates types', () => {
    const individual = parseEnquiry({
      ...filled(),
      institutionName: 'X',
      institutionType: ['Others'],
      institutionTypeOther: 'Y',
      renewableEnergySpecify: 'Solar',
      howHearAboutUsOther: 'Radio',
    });
    expect(individual.success && individual.output).toMatchObject({
      institutionName: '',
      institutionType: [],
      institutionTypeOther: '',
      renewableEnergySpecify: '',
      howHearAboutUsOther: '',
    });
    const institution = parseEnquiry({
      ...filled(),
      enquiryType: INSTITUTION,
      institutionName: 'X',
      institutionType: ['Others', 'Commercial', 'Others'],
      institutionTypeOther: 'Y',
      howHearAboutUs: 'Other',
      howHearAboutUsOther: 'Radio',
    });
    expect(institution.success && institution.output).toMatchObject({
      institutionType: ['Commercial', 'Others'],
      institutionTypeOther: 'Y',
      howHearAboutUsOther: 'Radio',
    });
    const noOthers = parseEnquiry({
      ...filled(),
      enquiryType: INSTITUTION,
      institutionName: 'X',
      institutionType: ['Commercial'],
      institutionTypeOther: 'stale',
    });
    expect(noOthers.success && noOthers.output.institutionTypeOther).toBe('');
  });

  it('refuses unknown institution types and over-long text', () => {
    expect(
      parseEnquiry({
        ...filled(),
        enquiryType: INSTITUTION,
        institutionName: 'X',
        institutionType: ['Spaceport'],
      }).success,
    ).toBe(false);
    expect(parseEnquiry({ ...filled(), fullName: 'x'.repeat(201) }).success).toBe(false);
    expect(parseEnquiry({ ...filled(), additionalComments: 'x'.repeat(5_001) }).success).toBe(
      false,
    );
    expect(parseEnquiry({ ...filled(), additionalComments: 'x'.repeat(5_000) }).success).toBe(true);
  });

  it('reads receiveEmailUpdates as a yes/no', () => {
    for (const [value, expected] of [
      [true, true],
      ['on', true],
      ['true', true],
      [false, false],
      ['', false],
      [undefined, false],
    ] as const) {
      const result = parseEnquiry({ ...filled(), receiveEmailUpdates: value });
      expect(result.success && result.output.receiveEmailUpdates).toBe(expected);
    }
  });

  it('labels every field', () => {
    expect(Object.keys(ENQUIRY_FIELD_LABELS)).toEqual(ENQUIRY_FIELDS);
    expect(ENQUIRY_FIELD_LABELS.institutionTypeOther).toBe('Other Institution Type');
    expect(ENQUIRY_FIELD_LABELS.renewableEnergySpecify).toBe('Specify RE Type');
    expect(ENQUIRY_FIELD_LABELS.howHearAboutUsOther).toBe('Specify How Heard');
  });
});
