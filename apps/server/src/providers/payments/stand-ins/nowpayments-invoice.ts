/** The NOWPayments stand-in's invoices and the payments made to them, as its page and API read them. */
export interface StandInInvoice {
  id: string;
  priceAmount: number;
  priceCurrency: string;
  payCurrency: string | null;
  orderId: string | null;
  orderDescription: string | null;
  ipnCallbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  createdAt: string;
  payments: StandInPayment[];
}

export interface StandInPayment {
  paymentId: number;
  payCurrency: string;
  payAddress: string;
  payAmount: number;
  actuallyPaid: number;
  purchaseId: string;
  status: string;
}
