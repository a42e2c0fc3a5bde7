// The balance history and invoices (issue 12): ledger row types and descriptions, the invoice PDF.
export default {
  // spec 3: Balance transaction typeText, by BalanceTransactionType.
  types: {
    '1': 'Top-up',
    '2': 'Task charge',
    '3': 'Refund',
    '4': 'Adjustment',
    '5': 'Bonus',
    '6': 'Partner payout',
  },
  descriptions: {
    topUp: 'Top-up by {{method}}, payment #{{payment}}',
    bonus: 'Bonus {{percent}}% for payment #{{payment}}',
    welcome: 'Welcome credits',
    referralPayout: 'Partner payout #{{payout}} as credits',
    demo: 'Demo credits',
    charge: 'Task #{{task}}: {{action}}',
    refund: 'Refund for task #{{task}}: {{action}}',
    refundNotIndexed: 'Refund for pages still not indexed, task #{{task}}: {{action}}',
    adjustment: 'Adjustment',
  },
  errors: {
    blocked:
      'Your account is blocked: tasks cannot be started until the balance is topped up by at least $1.',
  },
  invoice: {
    title: 'Invoice',
    number: 'Invoice No. {{number}}',
    date: 'Date: {{date}}',
    seller: 'Seller',
    buyer: 'Buyer',
    vatNumber: 'VAT number: {{value}}',
    regCode: 'Registration code: {{value}}',
    email: 'Email: {{value}}',
    item: 'Description',
    quantity: 'Credits',
    amount: 'Amount, USD',
    credits: 'Linkwatch credits (1 credit = $0.001)',
    bonus: 'Bonus credits ({{percent}}%)',
    free: 'Free',
    total: 'Total paid',
    method: 'Payment method: {{method}}',
    note: 'Credits are used to pay for tasks in Linkwatch.',
  },
};
