import admin from './admin.ts';
import agreement from './agreement.ts';
import alerts from './alerts.ts';
import anchors from './anchors.ts';
import apiKeys from './apiKeys.ts';
import auth from './auth.ts';
import balance from './balance.ts';
import balanceUi from './balanceUi.ts';
import charts from './charts.ts';
import common from './common.ts';
import crawlers from './crawlers.ts';
import crawlersUi from './crawlersUi.ts';
import crawlerTasks from './crawlerTasks.ts';
import dashboard from './dashboard.ts';
import disavow from './disavow.ts';
import domainCheck from './domainCheck.ts';
import errors from './errors.ts';
import evidence from './evidence.ts';
import fields from './fields.ts';
import general from './general.ts';
import graph from './graph.ts';
import indexNow from './indexNow.ts';
import links from './links.ts';
import linksUi from './linksUi.ts';
import mail from './mail.ts';
import payments from './payments.ts';
import profile from './profile.ts';
import projects from './projects.ts';
import referral from './referral.ts';
import reports from './reports.ts';
import reportsUi from './reportsUi.ts';
import schedules from './schedules.ts';
import scheduleUi from './scheduleUi.ts';
import shell from './shell.ts';
import status from './status.ts';
import tasks from './tasks.ts';
import tasksUi from './tasksUi.ts';
import team from './team.ts';
import validation from './validation.ts';
import webhooks from './webhooks.ts';
import wiki from './wiki.ts';

export default {
  errors,
  fields,
  general,
  mail,
  validation,
  common,
  shell,
  auth,
  profile,
  dashboard,
  status,
  agreement,
  links,
  tasks,
  reports,
  schedules,
  projects,
  linksUi,
  anchors,
  tasksUi,
  reportsUi,
  scheduleUi,
  charts,
  indexNow,
  payments,
  balance,
  balanceUi,
  referral,
  crawlersUi,
  crawlers,
  crawlerTasks,
  admin,
  wiki,
  domainCheck,
  apiKeys,
  webhooks,
  alerts,
  team,
  disavow,
  graph,
  evidence,
};
