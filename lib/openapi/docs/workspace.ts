import { accountSettingsPatch } from '@/lib/validations/account-settings';
import { composeEmailBody, composeEmailResponse } from '@/lib/validations/apps';
import { accountSettingResponse } from '@/lib/validations/content';
import { invoiceIdParams } from '@/lib/validations/invoices';
import { funderQuery } from '@/lib/validations/leases';
import {
  catalogueQuotationBody,
  invoicePdfQuery,
  newsIdParams,
  newsLocaleQuery,
  newsPostBody,
  newsPostResponse,
} from '@/lib/validations/workspace';
import { defineRoutes } from '../registry';
import { errorDoc as err, quotationResponse } from '../responses-core';

/** RouteDocs of the workspace screens' own routes (the documented apps routes stay in apps.ts). */

export const workspaceRoutes = defineRoutes([
  {
    method: 'post',
    path: '/api/workspace/mail',
    tag: 'Email',
    auth: null,
    summary: 'Send a mail to another user, or save a draft',
    description:
      "send=true delivers an unread copy to the recipient's inbox and keeps one in your sent folder; send=false saves a draft. draftId replaces that draft (404 when it is not one of your drafts). toUserId names any other user of the product.",
    body: composeEmailBody,
    responses: {
      201: { description: "The id of the sender's copy.", schema: composeEmailResponse },
      400: err('Invalid body: `issues` names each field with a message.'),
      401: err('No valid session or bearer token.'),
      403: err('Cross-site write refused.'),
      404: err('Unknown recipient, or a draftId that is not one of your drafts.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: { body: { toUserId: 3, subject: 'Lease 1042', message: 'Please check the schedule.', send: true } },
  },
  {
    method: 'get',
    path: '/api/workspace/invoices/{id}/pdf',
    tag: 'Invoices',
    auth: 'read:funders',
    summary: 'An invoice as a PDF',
    description: 'A one-page text PDF (PDF 1.4, Helvetica) of the invoice with its payment details, labels, dates and amounts in `locale`.',
    params: invoiceIdParams,
    query: invoicePdfQuery,
    responses: {
      200: { description: 'The PDF file.', contentType: 'application/pdf' },
      400: err('Invalid id or locale.'),
      401: err('No valid session or bearer token.'),
      403: err('The read:funders scope is required.'),
      404: err('Unknown invoice.'),
    },
    example: { params: { id: '1' }, query: { locale: 'en' } },
  },
  {
    method: 'post',
    path: '/api/workspace/catalogue/quotations',
    tag: 'Quotations',
    auth: 'write:funders',
    summary: 'Request a quotation for a catalogue product',
    description:
      'The cart\'s "Request a quotation": a new draft onboarding quotation of the funder for the lessee, with the product as the asset (brand and name as its description, its price and currency as the purchase price) and the given terms; no down payment, residual or fee. Audited and kept in the quotation\'s history like any other new quotation.',
    query: funderQuery,
    body: catalogueQuotationBody,
    responses: {
      201: { description: 'Created (Location: /api/quotations/{id})', schema: quotationResponse },
      400: err(
        'Invalid body (`issues` names each field), a lessee that is not the funder\u2019s, or a product currency a lease cannot have.',
      ),
      401: err('No valid session or bearer token.'),
      403: err('The write:funders scope is required, the funder is not assigned to you, or a cross-site write.'),
      404: err('Unknown product or funder.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: {
      query: { funderId: '1' },
      body: { productId: 1, lesseeId: 1, assetType: 'vehicle', term: 36, rate: 0.065, timing: 'advance', firstDueDate: '2027-02-01' },
    },
  },
  {
    method: 'patch',
    path: '/api/account/settings',
    tag: 'Auth',
    auth: null,
    summary: 'Change your own account settings',
    description:
      'Any of the sections general (full name, company), info (bio, date of birth, country, website, phone), social (links) and notification (six switches); a section not named stays as it is, a named one is replaced whole. The e-mail, user name and role cannot be changed here. One audit row per change.',
    body: accountSettingsPatch,
    responses: {
      200: { description: 'All of your settings after the change (as GET /account-setting/data).', schema: accountSettingResponse },
      400: err('Invalid body: `issues` names each field with a message.'),
      401: err('No valid session or bearer token.'),
      403: err('Cross-site write refused.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: {
      body: {
        general: { fullName: 'Ana Analyst', company: 'QUANTUM Funding' },
        notification: {
          commentOnArticle: false,
          answerOnForm: true,
          followMe: false,
          newAnnouncements: true,
          productUpdates: true,
          blogDigest: false,
        },
      },
    },
  },
  {
    method: 'post',
    path: '/api/workspace/news',
    tag: 'Content',
    auth: 'admin',
    summary: 'Write a news article',
    description:
      "A new article in `locale` by you, dated today, numbered after the language's last one. The body is plain text with paragraphs separated by blank lines (stored as escaped HTML paragraphs). A draft is seen by admins only; published articles are read by everyone.",
    query: newsLocaleQuery,
    body: newsPostBody,
    responses: {
      201: { description: 'The new article number and its status.', schema: newsPostResponse },
      400: err('Invalid body or locale: `issues` names each field with a message.'),
      401: err('No valid session or bearer token.'),
      403: err('The admin scope is required, or a cross-site write.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: {
      query: { locale: 'en' },
      body: {
        title: 'New quarterly reporting',
        excerpt: 'What changes in the servicing reports.',
        content: 'From April the reports close on the last business day.\n\nAsk your account manager for details.',
        tags: ['Reporting'],
        status: 'draft',
      },
    },
  },
  {
    method: 'patch',
    path: '/api/workspace/news/{id}',
    tag: 'Content',
    auth: 'admin',
    summary: 'Edit a news article, or publish or withdraw it',
    description: 'Replaces the title, excerpt, body, tags and status of the article `id` in `locale`; the author and date stay.',
    params: newsIdParams,
    query: newsLocaleQuery,
    body: newsPostBody,
    responses: {
      200: { description: 'The article number and its status.', schema: newsPostResponse },
      400: err('Invalid id, body or locale: `issues` names each field with a message.'),
      401: err('No valid session or bearer token.'),
      403: err('The admin scope is required, or a cross-site write.'),
      404: err('No such article in that language.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: {
      params: { id: '1' },
      query: { locale: 'en' },
      body: { title: 'New quarterly reporting', excerpt: '', content: 'Published.', tags: [], status: 'published' },
    },
  },
]);
