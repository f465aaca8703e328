/** Deputies at work (issue 32 §2, decision 0105): decisions "par X pour Y", the deputy's mails and notices. */
export const deputy = {
  "leave.step.by_for": "{step} par {name} pour {forWhom} le {date}",
  "leave.decided_by_for": "{step} par {name} pour {forWhom}",
  "leave.mail.decided_by_for": "Décision prise par {name} pour {forWhom}, qu'il ou elle remplace.",
  "deputy.mail.step_subject": "Cadran : une demande de congé attend {manager}, que vous remplacez",
  "deputy.mail.step_text":
    "Bonjour {name},\n\nVous remplacez {manager} jusqu'au {to}. {employee} a demandé un congé ({reason}) {period} ; la demande attend sa décision, que vous pouvez prendre pour lui ou elle :\n{link}\n\nCadran",
  "deputy.mail.start_subject": "Cadran : vous remplacez {manager} à partir d'aujourd'hui",
  "deputy.mail.start_text":
    "Bonjour {name},\n\nVous remplacez {manager} à partir d'aujourd'hui et jusqu'au {to}. {count} demandes de congé l'attendaient déjà ; vous pouvez les traiter pour lui ou elle :\n{link}\n\nCadran",
  "deputy.mail.start_text_one":
    "Bonjour {name},\n\nVous remplacez {manager} à partir d'aujourd'hui et jusqu'au {to}. Une demande de congé l'attendait déjà ; vous pouvez la traiter pour lui ou elle :\n{link}\n\nCadran",
  "deputy.mail.start_text_none":
    "Bonjour {name},\n\nVous remplacez {manager} à partir d'aujourd'hui et jusqu'au {to}. Aucune demande ne l'attend pour l'instant ; les prochaines vous seront aussi envoyées, et votre liste est ici :\n{link}\n\nCadran",
  "deputy.waiting.for": "Pour {manager}",
  "deputy.search": "Chercher un collègue par son nom",
  "deputy.search_submit": "Chercher",
  "deputy.search_hint": "Sans recherche : votre équipe ou votre pôle.",
  "deputy.choose": "Suppléant",
  "deputy.no_candidate": "Aucun collègue ne correspond à « {search} ».",
  "deputy.no_candidate_near": "Personne à proposer : cherchez par nom.",
  "deputy.more_candidates": "Seuls les {n} premiers sont affichés : précisez le nom.",
  "deputy.error.choose": "Choisissez le suppléant dans la liste.",
  "success.leave_validated_for": "La demande de congé de {name} {period} a été validée pour {forWhom}.",
  "success.leave_refused_for": "La demande de congé de {name} {period} a été refusée pour {forWhom}.",
} as const;
