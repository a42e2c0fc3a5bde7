// Payments (issue 12): the server's texts for top-ups; the balance page's own texts sit beside its code.
export default {
  status: { '0': 'New', '1': 'Paid', '2': 'Cancelled' },
  methods: { card: 'Card', paypal: 'PayPal', crypto: 'Crypto' },
  description: 'Linkwatch credits: {{credits}}',
  errors: {
    badSignature: 'The notification signature is not valid.',
    unknownMethod: 'Unknown payment method.',
    notAvailable: 'This payment method is not available.',
    amountFormat: 'Enter the amount in US dollars with at most 2 decimals, e.g. 25 or 25.50.',
    chooseNetwork: 'Choose the network to pay in.',
    // spec 8: the card payment's message, word for word.
    declined:
      'Operation rejected. Please contact your bank. The phone number is indicated on the back of the card.',
    belowMinimum:
      'The crypto service takes at least {{min}} in {{coin}}. Enter {{min}} or more, or choose another network.',
    providerFailed: 'The payment service did not answer. Please try again in a few minutes.',
    notCapturable: 'This payment cannot be completed here.',
  },
};
