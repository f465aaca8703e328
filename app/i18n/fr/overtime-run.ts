/** Overtime runs: the add-recovery call (spec 2 §7) and the recompute command's messages. */
export const overtimeRun = {
  "overtime.recovery.added": "Récupération ajoutée pour la semaine {week} de {year} : {employees} {employees:salarié|salariés}, {hours} créditées.",
  "overtime.recovery.already_credited":
    "La récupération de la semaine {week} de {year} a déjà été créditée. Envoyez « force » à « true » pour la recalculer et ne créditer que la différence.",
  "overtime.recovery.error.week": "La semaine doit être un numéro de semaine ISO entre 1 et 53 qui existe dans l'année indiquée.",
  "overtime.recovery.error.year": "L'année doit être un nombre entier entre 2000 et l'année en cours.",
  "overtime.recovery.error.force": "« force » doit valoir « true » ou « false ».",
  "overtime.recovery.error.not_over": "La semaine {week} de {year} n'est pas terminée : sa récupération ne peut pas encore être créditée.",
} as const;
