/**
 * The forms' messages in English (part of en.ts): a module of their own, so that the shared
 * schemas, which every form's script bundles, carry only these and not every word of the forms.
 */
export const validation = {
  required: 'This field is required.',
  email: 'Invalid email format.',
  invalidValue: 'Invalid value.',
  controlCharacters: 'Please remove invisible control characters.',
  tooLong: 'Please use at most {max} characters.',
  /** A field the server refused on a plain post: the page knows which, not why. */
  recheck: 'Please check this field.',
  /** The API's answer above its field messages (a 400). */
  invalidFields: 'Some fields are invalid.',
  /** The API's answer to a proof of work already spent or expired (a 409). */
  proofRefused:
    'This form had already been sent, or had waited too long. Nothing was stored: please send it again.',
  phone: 'Phone number must be at least 10 digits.',
  enquiryType: 'Please select an enquiry type.',
  institutionName: 'Institution name is required.',
  institutionType: 'Please select at least one institution type.',
  institutionTypeOther: 'Please specify.',
  purposeOfUse: 'Please select purpose of use.',
  generatorCapacity: 'Please select generator capacity.',
  renewableEnergyUsed: 'Please specify if renewable energy is currently used.',
  renewableEnergySpecify: 'Please specify the type of renewable energy.',
  installationSiteLocation: 'Please specify installation site location.',
  spaceAvailable: 'Please specify if space is available.',
  preferredTimeline: 'Please select preferred timeline.',
  monthlyElectricityBill: 'Please enter the amount in numbers only.',
  negativeBill: 'The monthly bill cannot be negative.',
} as const;
