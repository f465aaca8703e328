/** The home dashboards (spec 2 "Dashboards", issue 17). */
export const dashboard = {
  "dashboard.title": "Tableau de bord",
  "dashboard.title_with": "Tableau de bord – {name}",
  "dashboard.agencies": "Agences",
  "error.no_employee_in_subsidiary": "Aucun employé dans cette agence.",
  "dashboard.no_employee": "Aucun employé.",
  "dashboard.no_division": "Sans pôle",
  "dashboard.more_employees": "Employés {from} à {to} sur {total} : les liens de pages ou la page complète montrent les autres.",
  "dashboard.more_employees_paged": "Employés {from} à {to} sur {total} : les liens de pages montrent les autres.",
  "dashboard.pages": "Pages des employés",

  // "To do" (beyond the spec)
  "dashboard.todo.title": "À faire",
  "dashboard.todo.empty": "Rien ne vous attend pour le moment.",
  "dashboard.todo.leaves": "Demandes de congé à traiter : {count}",
  "dashboard.todo.corrections": "Corrections de pointage à valider : {count}",
  "dashboard.todo.anomalies": "Journées d'hier sans fin de pointage : {count}",
  "dashboard.todo.overQuota": "Personnes au-delà de 80 % du contingent d'heures supplémentaires : {count}",

  // Waiting leave requests (manager variants)
  "dashboard.waiting.title": "Demandes de congé",
  "dashboard.waiting.view_all": "Voir toutes les demandes ({count})",
  "dashboard.waiting.details": "Détails de la demande de {name}",

  // Planning excerpt
  "dashboard.planning.team": "Planning de l'équipe",
  "dashboard.planning.division": "Planning du pôle",
  "dashboard.planning.agency": "Planning de l'agence",
  "dashboard.planning.me": "Mon planning",
  "dashboard.planning.view_all": "Voir tout le planning",

  // Badgings today
  "dashboard.badgings.title": "Pointages du jour",
  "dashboard.badgings.view_all": "Voir tous les pointages",
  "dashboard.badgings.nobody": "Personne ne pointe dans ce périmètre.",

  // Overtime of the week
  "dashboard.overtime.title": "Heures supplémentaires de la semaine",
  "dashboard.overtime.view_all": "Voir toutes les heures supplémentaires",
  "dashboard.overtime.hours": "{hours} h",
  "dashboard.overtime.not_computed": "pas encore calculé",
  "dashboard.overtime.tone.none": "sans heures supplémentaires",
  "dashboard.overtime.tone.under": "heures en moins",
  "dashboard.overtime.tone.over": "heures supplémentaires",
  "dashboard.overtime.since": "Du lundi {monday} à aujourd'hui",

  // Employee variant
  "dashboard.mine.pending": "Mes demandes en attente",
  "dashboard.mine.pending_link": "Voir mes congés",
  "dashboard.mine.overtime": "Mes heures de la semaine",
  "dashboard.mine.overtime_link": "Voir mes heures",
  "dashboard.mine.planning_link": "Voir mon planning",
  "dashboard.mine.anomaly": "journée sans fin de pointage",
  "dashboard.col.day": "Jour",
  "dashboard.col.worked": "Travaillé",
  "dashboard.col.overtime": "Heures supplémentaires",
} as const;
